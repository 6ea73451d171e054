/**
 * Pure rules of the verification screens (issue 12). The API says where a person stands
 * (`VerificationState.screen`, §2); these decide what the web shows around it: which screen may
 * show a state, the banner's sentence, the popup a refused action opens, the badge's date and the
 * capture page's photos. Nothing here works a status out by itself.
 */
import {
  type Action,
  type Actor,
  actionRefusal,
  bannerStatuses,
  format,
  type IdvCaptureSide,
  type IdvDocumentType,
  idvDocumentTypeInfo,
  type Resource,
  readOnlyVerificationStatuses,
  type VerificationScreen,
  type VerificationState,
  type VerificationStatus,
  type VerificationSummaryLabel,
  verificationScreens,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { formatUtcMonthYear } from "@vn/contract/messages/en-us";

/** The routes under /verification: the state's screens, and company (a hand-over, not a state). */
export type VerificationRoute = VerificationScreen | "company";

export function isVerificationScreen(value: unknown): value is VerificationScreen {
  return typeof value === "string" && (verificationScreens as readonly string[]).includes(value);
}

/** The facts of the state that decide which screens may show it. */
export type ScreenFacts = Pick<VerificationState, "screen" | "canStart" | "canAppeal" | "appeal">;

/**
 * May the screen at `route` show this state? Each screen shows its own state, and a few show a
 * neighbour's: the reason of a rejection stays readable while retrying or appealing, a retry or a
 * new start is open whenever the API says a start is (`canStart`), the request for documents and
 * the upload are one step in two screens, and the appeal screen also tells an appeal already made.
 */
export function screenFits(route: VerificationRoute, state: ScreenFacts): boolean {
  if (route === "company" || route === state.screen) return true;
  switch (route) {
    case "flow":
      return state.canStart;
    case "retry":
      return state.canStart && state.screen === "reject";
    case "reject":
      return state.screen === "retry" || state.screen === "appeal";
    case "appeal":
      return state.canAppeal || state.appeal !== null;
    case "rfi":
      return state.screen === "documents";
    case "documents":
      return state.screen === "rfi";
    default:
      return false;
  }
}

/** The banner's sentence for a person's status, or null where no banner shows (gates table). */
export function bannerTextOf(status: VerificationStatus | null | undefined): string | null {
  if (!status || !bannerStatuses.includes(status)) return null;
  if (status === "pending") return commonMessages.verificationBannerPending;
  if (status === "failed") return commonMessages.verificationBannerFailed;
  return commonMessages.verificationBanner;
}

/** The banner stays off the pages that are the way to verify. */
export function bannerHiddenOn(pathname: string): boolean {
  return /^\/(verification|jumio|create-profile)(\/|$)/.test(pathname);
}

/** Which popup a refused action opens: verify first, or read-only with the appeal. */
export type GatePopup = "accessRestricted" | "readOnly";

function popupForPerson(actor: Actor | null): GatePopup {
  return actor && readOnlyVerificationStatuses.includes(actor.personVerificationStatus)
    ? "readOnly"
    : "accessRestricted";
}

/**
 * The popup instead of the action, when the policy refuses it for want of verification
 * (`user_notVerified`); null when the action is allowed or refused for another reason (a plan, a
 * role: the screen's own rules and the API's answer cover those).
 */
export function gatePopupOf(actor: Actor | null, action: Action, resource: Resource = {}): GatePopup | null {
  if (!actor) return null;
  return actionRefusal(actor, action, resource)?.code === "user_notVerified" ? popupForPerson(actor) : null;
}

/** The popup for an API answer: 403 user_notVerified opens the one that fits the person. */
export function gatePopupOfError(actor: Actor | null, error: unknown): GatePopup | null {
  const code = error && typeof error === "object" && "code" in error ? error.code : null;
  return code === "user_notVerified" ? popupForPerson(actor) : null;
}

/** "Nov 2026": the month a verification was decided, for the badge; null without a valid date. */
export function verifiedMonth(verifiedAt: string | null | undefined): string | null {
  if (!verifiedAt) return null;
  const date = new Date(verifiedAt);
  return Number.isNaN(date.getTime()) ? null : formatUtcMonthYear(date);
}

/** The profile badge's words: what was verified (a person's identity, a business) and when. */
export function verifiedBadgeText(kind: "user" | "company", verifiedAt: string | null | undefined): string {
  const month = verifiedMonth(verifiedAt);
  if (kind === "company")
    return month
      ? format(commonMessages.businessVerifiedOn, { date: month })
      : commonMessages.businessVerified;
  return month ? format(commonMessages.identityVerifiedOn, { date: month }) : commonMessages.identityVerified;
}

/** The §4 summary's label as the screens print it. */
export const summaryLabels: Record<VerificationSummaryLabel, string> = {
  verified: commonMessages.verificationSummaryVerified,
  pending: commonMessages.verificationSummaryPending,
  rejected: commonMessages.verificationSummaryRejected,
  "access restricted": commonMessages.verificationSummaryRestricted,
};

/** The photos the capture page asks for with this document: the back only where it has one. */
export function captureSidesFor(type: IdvDocumentType | null | undefined): IdvCaptureSide[] {
  if (!type) return ["front", "selfie"];
  return idvDocumentTypeInfo[type].backSide ? ["front", "back", "selfie"] : ["front", "selfie"];
}

/** Every photo this document needs has arrived. */
export function captureComplete(
  type: IdvDocumentType | null | undefined,
  arrived: Partial<Record<IdvCaptureSide, boolean>>,
): boolean {
  return Boolean(type) && captureSidesFor(type).every((side) => arrived[side]);
}
