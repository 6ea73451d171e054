"use client";

import { verificationMessages } from "@vn/contract/messages/verification";
import { Button } from "@/components/ui/Button";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import { RequestedDocuments } from "./RequestedDocuments";
import { StepCard } from "./StepCard";
import { VerificationStep } from "./VerificationStep";

/** /verification/rfi: the vendor asks for more documents; what it asks, and the way to upload them. */
export function RfiScreen() {
  return (
    <VerificationStep route="rfi">
      {(state) => (
        <StepCard
          icon="document"
          title={verificationMessages.rfiTitle}
          text={verificationMessages.rfiText}
          actions={
            <Button asChild size="lg">
              <Link href={routes.verificationStep("documents")}>{verificationMessages.rfiAction}</Link>
            </Button>
          }
        >
          <RequestedDocuments text={state.transaction?.requestedDocuments} />
        </StepCard>
      )}
    </VerificationStep>
  );
}
