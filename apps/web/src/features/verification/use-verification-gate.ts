"use client";

import type { Action, Resource } from "@vn/contract";
import { useCallback, useMemo } from "react";
import { actorOf } from "@/lib/actor";
import { useSession } from "@/lib/session";
import { useGatePopupOpener } from "./VerificationGate";
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

/** Outside the provider (e.g. isolated tests) everything goes ahead. */
const openGate: VerificationGate = {
  popupFor: () => null,
  allows: () => true,
  refusedBy: () => false,
  open: () => undefined,
};
const noPopup = () => undefined;

/**
 * The gate of the page: the same policy the API enforces, asked for the signed-in person, with
 * the popups of VerificationGateProvider.
 */
export function useVerificationGate(): VerificationGate {
  const { user } = useSession();
  const opener = useGatePopupOpener();
  const open = opener ?? noPopup;
  const actor = useMemo(() => actorOf(user), [user]);
  const popupFor = useCallback(
    (action: Action, resource?: Resource) => gatePopupOf(actor, action, resource),
    [actor],
  );
  const gate = useMemo<VerificationGate>(
    () => ({
      popupFor,
      allows(action, resource) {
        const refused = popupFor(action, resource);
        if (refused) open(refused);
        return refused === null;
      },
      refusedBy(error) {
        const refused = gatePopupOfError(actor, error);
        if (refused) open(refused);
        return refused !== null;
      },
      open,
    }),
    [actor, popupFor, open],
  );
  return opener ? gate : openGate;
}
