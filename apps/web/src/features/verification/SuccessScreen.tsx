"use client";

import { verificationMessages } from "@vn/contract/messages/verification";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import { StepCard } from "./StepCard";
import { VerificationStep } from "./VerificationStep";
import { verifiedBadgeText } from "./verification-rules";

/** /verification/success: verified; the profile is public and the gates are open. */
export function SuccessScreen() {
  return (
    <VerificationStep route="success">
      {(state, user) => (
        <StepCard
          icon="checkCircle"
          tone="success"
          title={verificationMessages.successTitle}
          text={verificationMessages.successText}
          actions={
            <Button asChild size="lg">
              <Link href={routes.profile(user.authBy.slug)}>{verificationMessages.successAction}</Link>
            </Button>
          }
        >
          <Badge tone="verified" className="self-start text-sm">
            {verifiedBadgeText("user", state.verifiedAt)}
          </Badge>
        </StepCard>
      )}
    </VerificationStep>
  );
}
