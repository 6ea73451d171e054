"use client";

import { accountsMessages } from "@vn/contract/messages/accounts";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useRouter } from "next/navigation";
import { useSWRConfig } from "swr";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Skeleton } from "@/components/ui/Skeleton";
import { fetchSessionUser, SESSION_KEY, type SessionUser } from "@/lib/session";
import { ProfileForm } from "./ProfileForm";
import { GENERAL_INFO_KEY, useGeneralInfo } from "./use-general-info";
import { WizardFrame } from "./WizardFrame";
import { stepAfter } from "./wizard";
import { wizardFactsOf } from "./wizard-facts";

function ProfileStepBody({ user }: { user: SessionUser }) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const { data, error, mutate: reload } = useGeneralInfo(true);
  const info = data?.data;

  if (error) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-card bg-surface p-6 shadow-card">
        <Alert>{error instanceof Error ? error.message : commonMessages.somethingWentWrong}</Alert>
        <Button variant="secondary" onClick={() => void reload()}>
          {commonMessages.tryAgain}
        </Button>
      </div>
    );
  }
  if (!info) {
    return (
      <div className="rounded-card bg-surface p-6 shadow-card" aria-busy="true">
        <span className="sr-only">{commonMessages.loading}</span>
        <div className="flex flex-col gap-5">
          <Skeleton shape="circle" className="size-16" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      </div>
    );
  }
  return (
    <div className="rounded-card bg-surface p-5 shadow-card sm:p-8">
      <ProfileForm
        info={info}
        submitLabel={sharedMessages.saveAndContinue}
        onSaved={async (saved) => {
          await mutate(GENERAL_INFO_KEY, { data: saved }, { revalidate: false });
          // Completing the required fields made the account active: reload the session first.
          const fresh = (await fetchSessionUser().catch(() => null)) ?? user;
          await mutate(SESSION_KEY, fresh, { revalidate: false });
          router.push(stepAfter("profile", wizardFactsOf(fresh)));
        }}
      />
    </div>
  );
}

/** /create-profile/profile: the first step (name, handle, date of birth…). */
export function ProfileStep() {
  return (
    <WizardFrame
      step="profile"
      title={accountsMessages.profileFormTitle}
      subtitle={accountsMessages.profileFormSubtitle}
    >
      {(user) => <ProfileStepBody user={user} />}
    </WizardFrame>
  );
}
