/**
 * Business verification, KYB (issue 14; spec §1, §4 "Company verification (KYB) transaction", §7,
 * §8; product decisions "Identity and business verification"): the values both sides agree on.
 * The rules that move a company between statuses live in the API's verification/kyb module; the
 * web reads the transaction it returns (its checklist, `canSubmit`, `canStart`) and works nothing
 * out by itself.
 */

/**
 * Where a KYB transaction stands. `draft`: the owner is filling it in (details, documents,
 * directors); `pending`: submitted, the registry is checking; `pending_admin_action`: the
 * registry asked for a manual review (staff decide); then `accepted`, `rejected` or `failed`
 * (the registry could not process it).
 */
export const kybTransactionStatuses = [
  "draft",
  "pending",
  "pending_admin_action",
  "accepted",
  "rejected",
  "failed",
] as const;
export type KybTransactionStatus = (typeof kybTransactionStatuses)[number];

/** Statuses in which the transaction is decided: a new one may start after a fixable outcome. */
export const kybDecidedStatuses: readonly KybTransactionStatus[] = ["accepted", "rejected", "failed"];

/**
 * Why the registry (or staff) turned a company down. `fixable`: the owner corrects it and
 * submits a new transaction; otherwise the company stays unverified for good (support decides).
 */
export const kybReasons = {
  registry_not_found: {
    fixable: true,
    label: "Not in the registry",
    text: "The registry has no company with this registration number in the selected country. Check the number and the country.",
  },
  details_mismatch: {
    fixable: true,
    label: "Details do not match the registry",
    text: "The legal name or the registered address does not match the registry. Correct the company details.",
  },
  documents_insufficient: {
    fixable: true,
    label: "Documents do not show the registration",
    text: "The documents do not show the company's registration. Add a certificate of incorporation or a registry extract.",
  },
  company_dissolved: {
    fixable: false,
    label: "Company dissolved",
    text: "The registry lists this company as dissolved.",
  },
  manual_review_rejected: {
    fixable: false,
    label: "Company not confirmed on review",
    text: "Our team reviewed the company and could not confirm it.",
  },
  technical_failure: {
    fixable: true,
    label: "Registry unreachable",
    text: "The registry could not be reached to check the company. Please submit again.",
  },
} as const satisfies Record<string, { fixable: boolean; label: string; text: string }>;
export type KybReason = keyof typeof kybReasons;
// Pure: a bundle that never reads the codes drops the reasons too (decision 0027).
export const kybReasonCodes = /* @__PURE__ */ Object.keys(kybReasons) as KybReason[];
/** The reasons staff pick from when they reject a business verification in review (issue 16). */
export const kybStaffReasonCodes = [
  "registry_not_found",
  "details_mismatch",
  "documents_insufficient",
  "company_dissolved",
  "manual_review_rejected",
] as const satisfies readonly KybReason[];

/**
 * The sandbox registry's answers, picked by the last four digits of the registration number
 * (README "Business verification sandbox"). Any other number is accepted.
 */
export const kybSandboxOutcomes = {
  "0001": { status: "accepted", reason: null, label: "verified" },
  "0002": { status: "rejected", reason: "registry_not_found", label: "not in the registry (fixable)" },
  "0003": { status: "rejected", reason: "company_dissolved", label: "dissolved (final)" },
  "0004": { status: "pending_admin_action", reason: null, label: "manual review by staff" },
  "0007": { status: "failed", reason: "technical_failure", label: "the registry fails to answer" },
} as const satisfies Record<
  string,
  { status: KybTransactionStatus; reason: KybReason | null; label: string }
>;

/** The registry's outcome for a registration number (sandbox). */
export function kybSandboxOutcome(registrationNumber: string): {
  status: KybTransactionStatus;
  reason: KybReason | null;
} {
  const digits = registrationNumber.replace(/\D/g, "");
  const end = digits.slice(-4) as keyof typeof kybSandboxOutcomes;
  const outcome = kybSandboxOutcomes[end];
  return outcome ? { status: outcome.status, reason: outcome.reason } : { status: "accepted", reason: null };
}

/** Field limits of the company details (§5 style: trimmed, counted in characters). */
export const KYB_DETAILS_LIMITS = {
  legalName: { min: 2, max: 200 },
  registrationNumber: { min: 4, max: 40 },
  registeredAddress: { min: 5, max: 500 },
} as const;

/** Supported documents: certificate of incorporation, registry extract, articles… */
export const KYB_DOCUMENTS_MAX = 10;
/** Per document (product decisions: documents up to 50 MB). */
export const KYB_DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
export const kybDocumentMimes = ["application/pdf", "image/jpeg", "image/png"] as const;
export type KybDocumentMime = (typeof kybDocumentMimes)[number];
/** The extensions the file picker offers (the server checks the bytes, not the name). */
export const KYB_DOCUMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

/** Directors a transaction may invite. */
export const KYB_DIRECTORS_MAX = 10;
/** A director's invitation stays open this long. */
export const KYB_DIRECTOR_INVITE_TTL_DAYS = 30;
/** Uploads and invitations per account, an hour. */
export const KYB_WRITES_PER_HOUR = 60;

/**
 * The cookies of the invitation link (spec §4 "Company invitation by cookie"): a director who
 * opens the mail's link signed out is sent to sign in; `slug-kyb` holds the company's handle and
 * `status-kyb` the answer they chose (accept or reject). Once signed in with a completed profile
 * the web answers the invitation and clears both, on error too.
 */
export const KYB_INVITE_COOKIES = { slug: "slug-kyb", status: "status-kyb" } as const;
export const kybInviteAnswers = ["accept", "reject"] as const;
export type KybInviteAnswer = (typeof kybInviteAnswers)[number];
