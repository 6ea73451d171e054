"use client";

import type { IdvTransactionCompletedEvent } from "@vn/contract";
import { sharedMessages } from "@vn/contract/messages/shared";
import { verificationMessages } from "@vn/contract/messages/verification";
import { useRouter } from "next/navigation";
import { Spinner } from "@/components/ui/Spinner";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { useSocketEvent } from "@/lib/use-socket-event";
import { StepCard } from "./StepCard";
import { useRefreshVerification } from "./use-verification-state";
import { VerificationStep } from "./VerificationStep";
import { isVerificationScreen } from "./verification-rules";

/** How often the screen re-reads the state, should the socket's event not come (no reconnection, §9). */
export const PROCESSING_POLL_MS = 4000;

/**
 * /verification/processing: the vendor is checking. It moves on by itself when
 * `idv.transaction.completed` arrives on the person's socket, and re-reads the state every few
 * seconds as well; either way it goes to the screen the state names.
 */
export function ProcessingScreen() {
  const router = useRouter();
  const { user } = useSession();
  const refresh = useRefreshVerification();
  useSocketEvent<IdvTransactionCompletedEvent>("idv.transaction.completed", user !== null, (event) => {
    if (!isVerificationScreen(event.screen)) return;
    void refresh();
    if (event.screen !== "processing") router.replace(routes.verificationStep(event.screen));
  });
  return (
    <VerificationStep route="processing" follow refreshInterval={PROCESSING_POLL_MS}>
      {() => (
        <StepCard
          icon="shield"
          title={verificationMessages.processingTitle}
          text={verificationMessages.processingText}
          visual={
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
              <Spinner className="size-8 border-[3px]" />
            </span>
          }
        >
          <p role="status" className="text-sm font-semibold text-ink">
            {sharedMessages.processingWaiting}
          </p>
        </StepCard>
      )}
    </VerificationStep>
  );
}
