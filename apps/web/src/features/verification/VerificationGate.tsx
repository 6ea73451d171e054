"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { createContext, type ReactNode, useContext, useState } from "react";
import { Button } from "@/components/ui/Button";
import { LazyDialog } from "@/components/ui/LazyDialog";
import { Link } from "@/components/ui/Link";
import { routes } from "@/lib/paths";
import type { GatePopup } from "./verification-rules";

/** Opens one of the gate's popups; null outside the provider. */
const GatePopupContext = createContext<((popup: GatePopup) => void) | null>(null);

/**
 * The verification popups of §2's global overlays: "verify first" (access restricted, with Verify
 * now) and "read-only" (a final rejection or an appeal, with Appeal). Screens ask the gate before
 * a gated action (publish, comment, message, create a company, follow, react…) with the same
 * policy the API enforces, and hand it the API's 403 user_notVerified as well.
 *
 * The provider holds only which popup is open; the rules that decide it live in the screens' hook
 * (use-verification-gate.ts), so the policy, plans and verification tables load with the screens
 * that ask, not with every page's shell (decision 0027, session 20).
 */
export function VerificationGateProvider({ children }: { children: ReactNode }) {
  const [popup, setPopup] = useState<GatePopup | null>(null);
  // The popup's dialog is loaded on the first refusal, then kept (LazyDialog draws nothing before).
  const close = () => setPopup(null);
  const readOnly = popup === "readOnly";
  return (
    <GatePopupContext.Provider value={setPopup}>
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
    </GatePopupContext.Provider>
  );
}

/** How a screen opens a gate popup (use-verification-gate.ts); null outside the provider. */
export function useGatePopupOpener(): ((popup: GatePopup) => void) | null {
  return useContext(GatePopupContext);
}
