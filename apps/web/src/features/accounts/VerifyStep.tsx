"use client";

import { accountsMessages } from "@vn/contract/messages/accounts";
import { commonMessages } from "@vn/contract/messages/common";
import { sharedMessages } from "@vn/contract/messages/shared";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Icon, type IconName } from "@/components/ui/Icon";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import { WizardFrame } from "./WizardFrame";
import { stepAfter } from "./wizard";
import { wizardFactsOf } from "./wizard-facts";

const benefits: { icon: IconName; text: string }[] = [
  { icon: "shield", text: accountsMessages.verifyBenefitBadge },
  { icon: "globe", text: accountsMessages.verifyBenefitPublic },
  { icon: "chat", text: accountsMessages.verifyBenefitTrust },
  { icon: "star", text: accountsMessages.verifyBenefitPlans },
];

/** /create-profile/get-verified: what verification unlocks, and the way to /verification. */
export function VerifyStep() {
  return (
    <WizardFrame
      step="verify"
      title={accountsMessages.verifyStepTitle}
      subtitle={accountsMessages.verifyStepSubtitle}
    >
      {(user) => {
        const facts = wizardFactsOf(user);
        const verified = facts.verificationStatus === "verified";
        return (
          <div className="rounded-card bg-surface p-5 shadow-card sm:p-8">
            <div className="mb-6 flex items-center gap-4 rounded-lg bg-brand-soft p-4">
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand text-white">
                <Icon name="shield" size={26} />
              </span>
              <div className="min-w-0">
                <h2 className="font-semibold text-ink">{accountsMessages.verifyBenefitsTitle}</h2>
                {verified ? (
                  <Badge tone="verified" className="mt-1">
                    {sharedMessages.verifiedBadge}
                  </Badge>
                ) : null}
              </div>
            </div>
            <ul className="grid gap-4 sm:grid-cols-2">
              {benefits.map((benefit) => (
                <li key={benefit.text} className="flex items-start gap-3">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
                    <Icon name={benefit.icon} size={22} />
                  </span>
                  <span className="pt-2 text-[0.95rem] text-ink">{benefit.text}</span>
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:justify-end">
              <Button asChild variant="tertiary" size="lg">
                <Link href={stepAfter("verify", facts)}>
                  {verified ? sharedMessages.createProfileContinue : commonMessages.notNow}
                </Link>
              </Button>
              {verified ? null : (
                <Button asChild size="lg">
                  <Link href={routes.verification}>{sharedMessages.verifyNow}</Link>
                </Button>
              )}
            </div>
          </div>
        );
      }}
    </WizardFrame>
  );
}
