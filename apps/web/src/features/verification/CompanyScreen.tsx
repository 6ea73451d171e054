"use client";

import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { verificationMessages } from "@vn/contract/messages/verification";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { useAccountSwitch } from "@/features/accounts/use-account-switch";
import { useCompanies } from "@/features/companies/use-companies";
import { routes } from "@/lib/paths";
import { StepCard } from "./StepCard";
import { useVerificationGate } from "./use-verification-gate";
import { VerificationStep } from "./VerificationStep";

/**
 * /verification/company for a person not acting as a company they may verify: the order of things,
 * their companies (owners switch to one, and this page becomes its business verification, see
 * features/kyb/KybScreen), creating one (a gated action: verified people only), and /companies.
 */
export function CompanyScreen() {
  const gate = useVerificationGate();
  return (
    <VerificationStep route="company">
      {(_state, user) => (
        <StepCard
          icon="building"
          title={sharedMessages.companyVerificationTitle}
          text={verificationMessages.companyVerificationText}
          actions={
            <>
              <Button asChild variant="tertiary" size="lg">
                <Link href={routes.companies}>{verificationMessages.companyVerificationBrowse}</Link>
              </Button>
              <Button asChild size="lg">
                <Link
                  href={routes.createCompany}
                  onClick={(event) => {
                    if (!gate.allows("company.create")) event.preventDefault();
                  }}
                >
                  {commonMessages.createCompanyPage}
                </Link>
              </Button>
            </>
          }
        >
          <p className="text-[0.95rem] text-ink">{verificationMessages.companyVerificationSteps}</p>
          <CompanyLinks enabled={user.countCompanyProfiles > 0} />
        </StepCard>
      )}
    </VerificationStep>
  );
}

/**
 * The person's companies. Owners verify a company while acting as it: "Verify {name}" switches
 * to it and this page becomes its business verification. Verified companies say so; the rest
 * (and companies the person does not own) open their page.
 */
function CompanyLinks({ enabled }: { enabled: boolean }) {
  const companies = useCompanies(enabled).data?.data ?? [];
  const { switchTo, switching } = useAccountSwitch();
  if (companies.length === 0) return null;
  return (
    <section aria-labelledby="kyb-companies" className="flex flex-col gap-2">
      <h2 id="kyb-companies" className="text-base font-semibold text-ink">
        {verificationMessages.kybHandOverHeading}
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
        {companies.map((company) => (
          <li
            key={company.id}
            className="flex flex-col items-start gap-2 px-3 py-2 sm:flex-row sm:items-center sm:gap-3"
          >
            <Link
              href={routes.profile(company.slug)}
              className="inline-flex min-h-10 max-w-full min-w-0 items-center gap-2 font-semibold break-words text-brand hover:underline sm:flex-1"
            >
              <Icon name="building" size={18} className="shrink-0" />
              {format(sharedMessages.companyVerificationOpen, { name: company.name })}
            </Link>
            {company.verificationStatus === "verified" ? (
              <Badge tone="verified">{commonMessages.businessVerified}</Badge>
            ) : company.role === "owner" ? (
              <Button
                variant="secondary"
                disabled={switching}
                onClick={() => void switchTo({ type: "company", id: company.id }, { navigate: false })}
              >
                {format(verificationMessages.kybHandOverVerify, { name: company.name })}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
