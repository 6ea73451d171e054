"use client";

import { accountsMessages } from "@vn/contract/messages/accounts";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { Button } from "@/components/ui/Button";
import { Icon, type IconName } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { resumeTarget, wizardSteps } from "./wizard";
import { wizardFactsOf } from "./wizard-facts";

const details: Record<string, { icon: IconName; body: string }> = {
  profile: { icon: "user", body: accountsMessages.profileFormSubtitle },
  verify: { icon: "shield", body: accountsMessages.verifyStepSubtitle },
  company: { icon: "building", body: accountsMessages.companyStepSubtitle },
};

/** /create-profile: what the three steps are, and the way into the first one not done. */
export function CreateProfileIntro() {
  const { user, isLoading } = useSession();
  return (
    <div className="mx-auto flex w-full max-w-[720px] flex-col gap-8 px-4 py-10 sm:py-16">
      <div className="text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
          <Icon name="user" size={28} />
        </span>
        <h1 className="mt-4 text-[1.75rem] leading-tight font-semibold text-balance text-ink sm:text-[2.25rem]">
          {accountsMessages.createProfileHeadline}
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-pretty text-ink-muted">
          {accountsMessages.createProfileIntro}
        </p>
      </div>
      <ol className="flex flex-col gap-3">
        {wizardSteps.map((step, index) => {
          const detail = details[step.id];
          return (
            <li key={step.id} className="flex items-start gap-4 rounded-card bg-surface p-5 shadow-card">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
                {detail ? <Icon name={detail.icon} size={22} /> : index + 1}
              </span>
              <div className="min-w-0">
                <h2 className="font-semibold text-ink">
                  <span className="text-ink-muted">{index + 1}.</span> {step.label}
                </h2>
                <p className="mt-1 text-sm text-ink-muted">{detail?.body}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        {isLoading ? (
          <Skeleton className="h-12 w-48 rounded-full" />
        ) : user ? (
          <Button asChild size="lg" className="max-sm:w-full">
            <Link href={resumeTarget(wizardFactsOf(user))}>
              {user.status.id === "profile-not-completed"
                ? accountsMessages.createProfileStart
                : sharedMessages.createProfileContinue}
            </Link>
          </Button>
        ) : (
          <>
            <Button asChild size="lg" className="max-sm:w-full">
              <Link href={`${routes.login}?mode=signup&intent=create-profile`}>{commonMessages.joinNow}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary" className="max-sm:w-full">
              <Link href={`${routes.login}?intent=create-profile`}>{commonMessages.signIn}</Link>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
