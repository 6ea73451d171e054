"use client";

import type { Action, Resource } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { Button } from "@/components/ui/Button";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { Link } from "@/components/ui/Link";
import { actorOf } from "@/lib/actor";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { type GatePopup, gatePopupOf, gatePopupOfError } from "./verification-rules";

export interface VerificationGate {
  /** The popup this action would open instead of running (null: go ahead). */
  popupFor(action: Action, resource?: Resource): GatePopup | null;
  /**
   * Before a gated action: true to go ahead; false when the policy refuses it for want of
   * verification, and the popup that fits the person is open instead.
   */
  allows(action: Action, resource?: Resource): boolean;
  /** After a refused call: true when the API said 403 user_notVerified (the popup is open). */
  refusedBy(error: unknown): boolean;
  /** Opens a popup (a screen that already knows). */
  open(popup: GatePopup): void;
}

const GateContext = createContext<VerificationGate | null>(null);

/**
 * The verification popups of §2's global overlays: "verify first" (access restricted, with Verify
 * now) and "read-only" (a final rejection or an appeal, with Appeal). Screens ask the gate before
 * a gated action (publish, comment, message, create a company, follow, react…) with the same
 * policy the API enforces, and hand it the API's 403 user_notVerified as well.
 */
export function VerificationGateProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const actor = useMemo(() => actorOf(user), [user]);
  const [popup, setPopup] = useState<GatePopup | null>(null);
  // The popup's dialog is loaded on the first refusal, then kept (LazyDialog draws nothing before).

  const popupFor = useCallback(
    (action: Action, resource?: Resource) => gatePopupOf(actor, action, resource),
    [actor],
  );
  const gate = useMemo<VerificationGate>(
    () => ({
      popupFor,
      allows(action, resource) {
        const refused = popupFor(action, resource);
        if (refused) setPopup(refused);
        return refused === null;
      },
      refusedBy(error) {
        const refused = gatePopupOfError(actor, error);
        if (refused) setPopup(refused);
        return refused !== null;
      },
      open: setPopup,
    }),
    [actor, popupFor],
  );

  const close = () => setPopup(null);
  const readOnly = popup === "readOnly";
  return (
    <GateContext.Provider value={gate}>
      {children}
      <LazyDialog
        open={popup !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        size="sm"
        title={readOnly ? commonMessages.readOnlyTitle : commonMessages.accessRestrictedTitle}
        description={readOnly ? commonMessages.readOnlyText : commonMessages.accessRestrictedText}
        footer={
          <>
            <Button variant="tertiary" onClick={close}>
              {commonMessages.notNow}
            </Button>
            <Button asChild>
              <Link href={readOnly ? routes.verificationStep("appeal") : routes.verification} onClick={close}>
                {readOnly ? commonMessages.readOnlyAppealAction : commonMessages.verificationBannerAction}
              </Link>
            </Button>
          </>
        }
      />
    </GateContext.Provider>
  );
}

const openGate: VerificationGate = {
  popupFor: () => null,
  allows: () => true,
  refusedBy: () => false,
  open: () => undefined,
};

/** The gate of the page (outside the provider, e.g. in isolated tests, everything goes ahead). */
export function useVerificationGate(): VerificationGate {
  return useContext(GateContext) ?? openGate;
}
