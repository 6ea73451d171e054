"use client";

import { accountsMessages } from "@vn/contract/messages/accounts";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { PlanCards } from "@/features/marketing/PlanCards";
import { useVerificationGate } from "@/features/verification/use-verification-gate";
import { api } from "@/lib/api-client";
import { submitErrorMessage } from "@/lib/forms";
import { routes } from "@/lib/paths";
import { fetchSessionUser, SESSION_KEY, type SessionUser } from "@/lib/session";
import { GENERAL_INFO_KEY } from "./use-general-info";
import { WizardFrame } from "./WizardFrame";
import { stepAfter } from "./wizard";
import { wizardFactsOf } from "./wizard-facts";

function CompanyStepBody({ user }: { user: SessionUser }) {
  const router = useRouter();
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const gate = useVerificationGate();

  const skip = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.accounts.updateGeneralInfo({ body: { isCompanyWizardCompleted: true } });
    } catch (failure) {
      setError(submitErrorMessage(failure));
      setBusy(false);
      return;
    }
    const fresh = (await fetchSessionUser().catch(() => null)) ?? user;
    await mutate(SESSION_KEY, fresh, { revalidate: false });
    await mutate(GENERAL_INFO_KEY);
    snackbar.show(accountsMessages.profileReady, { tone: "success" });
    router.push(stepAfter("company", wizardFactsOf(fresh)));
  };

  return (
    <div className="flex flex-col gap-6">
      {error ? <Alert>{error}</Alert> : null}
      {/* The choice first: on a phone the plans below are a long read. */}
      <div className="mx-auto flex w-full max-w-[640px] flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Button variant="tertiary" size="lg" onClick={() => void skip()} disabled={busy} aria-busy={busy}>
          {busy ? sharedMessages.saving : accountsMessages.skipForNow}
        </Button>
        <Button asChild size="lg">
          <Link
            href={`${routes.createCompany}?from=wizard`}
            onClick={(event) => {
              // Not verified yet: the popup says why and leads to verification (§6).
              if (!gate.allows("company.create")) event.preventDefault();
            }}
          >
            {commonMessages.createCompanyPage}
          </Link>
        </Button>
      </div>
      <section aria-labelledby="company-plans" className="flex flex-col gap-4">
        <h2 id="company-plans" className="text-lg font-semibold text-ink">
          {accountsMessages.companyPlansTitle}
        </h2>
        <PlanCards owner="company" highlight="standard" renderAction={() => null} />
      </section>
    </div>
  );
}

/** /create-profile/company: the company onboarding plan step (create a page, or skip). */
export function CompanyStep() {
  return (
    <WizardFrame
      step="company"
      wide
      title={accountsMessages.companyStepTitle}
      subtitle={accountsMessages.companyStepSubtitle}
    >
      {(user) => <CompanyStepBody user={user} />}
    </WizardFrame>
  );
}
