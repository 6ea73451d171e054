import type { VerificationStatus } from "./enums";

/**
 * Identity verification (issue 12; spec §2 /verification routes, §4 statuses; product decisions
 * "Identity and business verification"): the values both sides agree on. The rules that move a
 * person between statuses live in the API's verification module; the web reads the state it
 * returns and never works a status out by itself.
 */

/** Transaction statuses of §4, as the vendor reports them. */
export const idvTransactionStatuses = [
  "pending",
  "accepted",
  "temporary_accepted",
  "failed",
  "rejected",
  "pending_admin_action",
  "pending_user_action",
] as const;
export type IdvTransactionStatus = (typeof idvTransactionStatuses)[number];

/** Where a transaction stands on our side: opened (capture not sent yet), or sent to the vendor. */
export const idvStages = ["capture", "processing", "decided"] as const;
export type IdvStage = (typeof idvStages)[number];

/** Fixable rejections a person may retry after (product decisions: at most 3); then it is final. */
export const IDV_MAX_RETRIES = 3;
/** Document images are deleted this long after the decision (product decisions). */
export const IDV_DOCUMENT_RETENTION_DAYS = 30;
/** A capture session not submitted within this time is closed as failed (session_expired). */
export const IDV_SESSION_TTL_MINUTES = 60;
/** An appeal's message. */
export const IDV_APPEAL_MESSAGE_MIN = 10;
export const IDV_APPEAL_MESSAGE_MAX = 2000;
/** Extra documents a request for information may take at once. */
export const IDV_EXTRA_DOCUMENTS_MAX = 5;
/** Starting verification (and retries): per account, an hour. */
export const IDV_STARTS_PER_HOUR = 5;

/** The identity documents the capture page offers; `backSide` says whether a back photo is needed. */
export const idvDocumentTypes = ["passport", "id_card", "driving_licence", "residence_permit"] as const;
export type IdvDocumentType = (typeof idvDocumentTypes)[number];
export const idvDocumentTypeInfo: Record<IdvDocumentType, { label: string; backSide: boolean }> = {
  passport: { label: "Passport", backSide: false },
  id_card: { label: "Identity card", backSide: true },
  driving_licence: { label: "Driving licence", backSide: true },
  residence_permit: { label: "Residence permit", backSide: true },
};

/** The images of a transaction: the capture page's three, and what a request for information adds. */
export const idvImageSides = ["front", "back", "selfie", "extra"] as const;
export type IdvImageSide = (typeof idvImageSides)[number];
export const idvCaptureSides = ["front", "back", "selfie"] as const;
export type IdvCaptureSide = (typeof idvCaptureSides)[number];

/**
 * Reason codes a decision carries (they stay after the images are deleted). `fixable`: the person
 * can fix it with a new attempt (a retry); otherwise the rejection is final (appeal only).
 */
export const idvReasons = {
  document_unreadable: {
    fixable: true,
    label: "Unreadable document",
    text: "We could not read your document. Take the photos again in good light, with all four corners in view and no glare.",
  },
  document_expired: {
    fixable: true,
    label: "Expired document",
    text: "The document has expired. Use a document that is still valid.",
  },
  selfie_mismatch: {
    fixable: true,
    label: "Selfie does not match",
    text: "Your selfie did not match the photo in the document. Take the selfie again, facing the camera, without glasses or a hat.",
  },
  document_fraudulent: {
    fixable: false,
    label: "Document failed authenticity checks",
    text: "The document did not pass our authenticity checks.",
  },
  underage: { fixable: false, label: "Under 18", text: "Verified Network is for people aged 18 and over." },
  manual_review_rejected: {
    fixable: false,
    label: "Identity not confirmed on review",
    text: "Our team reviewed your documents and could not confirm your identity.",
  },
  retries_exhausted: {
    fixable: false,
    label: "No retries left",
    text: "Your identity could not be confirmed after several attempts.",
  },
  technical_failure: {
    fixable: true,
    label: "Technical failure",
    text: "The verification service could not process your documents. Please try again.",
  },
  session_expired: {
    fixable: true,
    label: "Session expired",
    text: "The verification session expired before the documents were sent. Please start again.",
  },
} as const satisfies Record<string, { fixable: boolean; label: string; text: string }>;
export type IdvReason = keyof typeof idvReasons;
// Pure: a bundle that never reads the codes drops the reasons too (decision 0027).
export const idvReasonCodes = /* @__PURE__ */ Object.keys(idvReasons) as IdvReason[];
/**
 * The reasons staff pick from when they reject a transaction in review (the back-office, issue
 * 16): the others name what the vendor or our upkeep decided, not a person's judgement.
 */
export const idvStaffReasonCodes = [
  "document_unreadable",
  "document_expired",
  "selfie_mismatch",
  "document_fraudulent",
  "underage",
  "manual_review_rejected",
] as const satisfies readonly IdvReason[];

/** What staff may decide on a transaction waiting for them, and on an appeal. */
export const idvStaffDecisions = ["accepted", "rejected"] as const;
export type IdvStaffDecision = (typeof idvStaffDecisions)[number];
export const idvAppealStatuses = ["pending", "accepted", "rejected"] as const;
export type IdvAppealStatus = (typeof idvAppealStatuses)[number];

/**
 * The sandbox vendor's outcomes, picked by the last four digits of the document number typed on
 * the capture page (README "Verification sandbox"). Any other number is accepted.
 */
export const idvSandboxOutcomes = {
  "0001": { status: "accepted", reason: null, label: "accepted" },
  "0002": {
    status: "rejected",
    reason: "document_unreadable",
    label: "rejected, fixable (unreadable document)",
  },
  "0003": {
    status: "rejected",
    reason: "document_fraudulent",
    label: "rejected for good (fraudulent document)",
  },
  "0004": { status: "pending_admin_action", reason: null, label: "manual review by staff" },
  "0005": { status: "pending_user_action", reason: null, label: "more documents needed, then accepted" },
  "0006": { status: "temporary_accepted", reason: null, label: "accepted provisionally, then accepted" },
  "0007": { status: "failed", reason: "technical_failure", label: "the vendor fails to process it" },
  "0008": { status: "rejected", reason: "selfie_mismatch", label: "rejected, fixable (selfie mismatch)" },
} as const satisfies Record<
  string,
  { status: IdvTransactionStatus; reason: IdvReason | null; label: string }
>;
export type IdvSandboxSuffix = keyof typeof idvSandboxOutcomes;

/** The sandbox's outcome for a document number (its last four digits; otherwise accepted). */
export function idvSandboxOutcome(documentNumber: string): {
  status: IdvTransactionStatus;
  reason: IdvReason | null;
} {
  const suffix = documentNumber.replace(/\D/g, "").slice(-4);
  const outcome = (
    idvSandboxOutcomes as Record<string, { status: IdvTransactionStatus; reason: IdvReason | null }>
  )[suffix];
  return outcome ? { status: outcome.status, reason: outcome.reason } : { status: "accepted", reason: null };
}

/** §4 summary view: what the person's settings and the verification page say at a glance. */
export type VerificationSummaryLabel = "verified" | "pending" | "rejected" | "access restricted";
export function verificationSummaryOf(status: VerificationStatus): VerificationSummaryLabel {
  switch (status) {
    case "verified":
      return "verified";
    case "pending":
      return "pending";
    case "rejection":
    case "appealed":
      return "rejected";
    default:
      return "access restricted";
  }
}

/** Statuses that show the verification banner on every page (product decisions, gates table). */
export const bannerStatuses: readonly VerificationStatus[] = ["not_verified", "pending", "failed"];
/** Statuses that make a person read-only, with the appeal option. */
export const readOnlyVerificationStatuses: readonly VerificationStatus[] = ["rejection", "appealed"];

/**
 * The screen of spec §2 that shows where a person stands (the /verification hub sends them there):
 * what the web routes to after each step and each socket event.
 */
export const verificationScreens = [
  "flow",
  "processing",
  "success",
  "failure",
  "reject",
  "retry",
  "rfi",
  "documents",
  "appeal",
] as const;
export type VerificationScreen = (typeof verificationScreens)[number];
