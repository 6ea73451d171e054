"use client";

import { format, messages } from "@vn/contract";
import Link from "next/link";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { useCompanies } from "@/features/companies/use-companies";
import { routes } from "@/lib/paths";
import { StepCard } from "./StepCard";
import { useVerificationGate } from "./VerificationGate";
import { VerificationStep } from "./VerificationStep";

/**
 * /verification/company: company verification (KYB, the companies issue) starts from the company's
 * own page; this screen explains the order and hands over: to the person's company pages, or to
 * creating one (a gated action: verified people only), and to /companies.
 */
export function CompanyScreen() {
  const gate = useVerificationGate();
  return (
    <VerificationStep route="company">
      {(_state, user) => (
        <StepCard
          icon="building"
          title={messages.companyVerificationTitle}
          text={messages.companyVerificationText}
          actions={
            <>
              <Button asChild variant="tertiary" size="lg">
                <Link href={routes.companies}>{messages.companyVerificationBrowse}</Link>
              </Button>
              <Button asChild size="lg">
                <Link
                  href={routes.createCompany}
                  onClick={(event) => {
                    if (!gate.allows("company.create")) event.preventDefault();
                  }}
                >
                  {messages.createCompanyPage}
                </Link>
              </Button>
            </>
          }
        >
          <p className="text-[0.95rem] text-ink">{messages.companyVerificationSteps}</p>
          <CompanyLinks enabled={user.countCompanyProfiles > 0} />
        </StepCard>
      )}
    </VerificationStep>
  );
}

function CompanyLinks({ enabled }: { enabled: boolean }) {
  const companies = useCompanies(enabled).data?.data ?? [];
  if (companies.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {companies.map((company) => (
        <li key={company.id}>
          <Link
            href={routes.profile(company.slug)}
            className="inline-flex min-h-10 items-center gap-2 font-semibold text-brand hover:underline"
          >
            <Icon name="building" size={18} />
            {format(messages.companyVerificationOpen, { name: company.name })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
