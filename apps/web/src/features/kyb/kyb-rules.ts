/**
 * Pure rules of the business verification (KYB) screens (issue 14). The API says where a
 * transaction stands (status, checklist, canEdit, canSubmit, canStartNew); these decide what the
 * web shows around it: which view, which wizard step opens first, the director's badge, and the
 * company details form's values and first checks. Nothing here decides a status by itself.
 */
import {
  type Actor,
  can,
  format,
  KYB_DOCUMENT_MAX_BYTES,
  type KybCompanyDetailsRequest,
  type KybDirector,
  type KybTransaction,
  kybCompanyDetailsRequestSchema,
  kybDocumentMimes,
  type VerificationStatus,
} from "@vn/contract";
import { kybMessages } from "@vn/contract/messages/kyb";
import { sharedMessages } from "@vn/contract/messages/shared";

/** The wizard's steps, in order (spec §4: details, documents, director invites, then submit). */
export const kybSteps = ["details", "documents", "directors", "review"] as const;
export type KybStep = (typeof kybSteps)[number];

export const kybStepLabels: Record<KybStep, string> = {
  details: kybMessages.kybStepDetails,
  documents: kybMessages.kybStepDocuments,
  directors: kybMessages.kybStepDirectors,
  review: kybMessages.kybStepReview,
};

type Checklist = KybTransaction["checklist"];

/** A step's part of the checklist is met (review has none of its own: it is where one submits). */
export function stepDone(step: KybStep, checklist: Checklist): boolean {
  return step === "review" ? false : checklist[step];
}

/** The step a draft opens on: the first whose checklist item is still open, else the review. */
export function firstOpenStep(checklist: Checklist): KybStep {
  return kybSteps.find((step) => step !== "review" && !checklist[step]) ?? "review";
}

export function nextStep(step: KybStep): KybStep {
  return kybSteps[Math.min(kybSteps.indexOf(step) + 1, kybSteps.length - 1)] ?? step;
}

export function previousStep(step: KybStep): KybStep {
  return kybSteps[Math.max(kybSteps.indexOf(step) - 1, 0)] ?? step;
}

/** Which screen shows the acting company's verification. */
export type KybView = "start" | "draft" | "pending" | "manualReview" | "verified" | "rejected" | "failed";

/**
 * The view for the latest transaction: none yet is the start (or verified, for a company verified
 * before it had one); otherwise the transaction's status names it.
 */
export function kybViewOf(transaction: KybTransaction | null, companyStatus: VerificationStatus): KybView {
  if (!transaction) return companyStatus === "verified" ? "verified" : "start";
  switch (transaction.status) {
    case "draft":
      return "draft";
    case "pending":
      return "pending";
    case "pending_admin_action":
      return "manualReview";
    case "accepted":
      return "verified";
    case "rejected":
      return "rejected";
    case "failed":
      return "failed";
  }
}

/**
 * The wizard is for a person acting as a company whose `settings` scope allows `company.verify`
 * (its owners); anyone else gets the hand-over (their companies, and the switch to one).
 */
export function mayVerifyCompany(actor: Actor | null): boolean {
  return actor !== null && actor.profileType === "company" && can(actor, "company.verify");
}

export type DirectorTone = "warning" | "success" | "danger" | "neutral";

/** The badge of a director's invitation: waiting, confirmed (verified), declined, cancelled, expired. */
export function directorBadge(director: Pick<KybDirector, "status" | "verified">): {
  label: string;
  tone: DirectorTone;
} {
  switch (director.status) {
    case "pending":
      return { label: kybMessages.kybDirectorPending, tone: "warning" };
    case "accepted":
      return director.verified
        ? { label: kybMessages.kybDirectorVerified, tone: "success" }
        : { label: kybMessages.kybDirectorAccepted, tone: "success" };
    case "rejected":
      return { label: kybMessages.kybDirectorRejected, tone: "danger" };
    case "cancelled":
      return { label: kybMessages.kybDirectorCancelledBadge, tone: "neutral" };
    case "expired":
      return { label: kybMessages.kybDirectorExpired, tone: "neutral" };
  }
}

/** The owner may still cancel this invitation (open or confirmed; the draft must be editable). */
export function mayCancelDirector(director: Pick<KybDirector, "status">, canEdit: boolean): boolean {
  return canEdit && (director.status === "pending" || director.status === "accepted");
}

// Company details -------------------------------------------------------------------------------

export const kybDetailFields = [
  "legalName",
  "registrationNumber",
  "country",
  "registeredAddress",
  "incorporationDate",
  "website",
] as const;
export type KybDetailField = (typeof kybDetailFields)[number];
export type KybDetailsValues = Record<KybDetailField, string>;

/** Every field but the website is needed before submitting (the checklist's `details`). */
const requiredFields: readonly KybDetailField[] = kybDetailFields.filter((field) => field !== "website");

/** The form's starting values: what the draft holds ("" for what it does not). */
export function detailsValuesOf(details: KybTransaction["details"]): KybDetailsValues {
  return Object.fromEntries(
    kybDetailFields.map((field) => [field, details[field] ?? ""]),
  ) as KybDetailsValues;
}

/**
 * "Save and continue": every needed field filled and each checked by the very schema the API
 * validates with. Answers the request body, or the message per field. An empty website clears it.
 */
export function detailsRequestOf(
  values: KybDetailsValues,
):
  | { ok: true; body: KybCompanyDetailsRequest }
  | { ok: false; errors: Partial<Record<KybDetailField, string>> } {
  const errors: Partial<Record<KybDetailField, string>> = {};
  for (const field of requiredFields) if (!values[field].trim()) errors[field] = sharedMessages.fieldRequired;
  const parsed = kybCompanyDetailsRequestSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as KybDetailField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { ...values, website: values.website.trim() } };
}

// Documents ------------------------------------------------------------------------------------

const extensionMimes: Record<string, string> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

/**
 * Why a picked file cannot be a supported document (checked before it is sent; the server checks
 * the bytes again), or null. A browser that gives no type is judged by the extension.
 */
export function documentProblem(file: { name: string; type: string; size: number }): string | null {
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  const mime = file.type || extensionMimes[extension] || "";
  if (!(kybDocumentMimes as readonly string[]).includes(mime)) return kybMessages.kybDocumentType;
  if (file.size > KYB_DOCUMENT_MAX_BYTES)
    return format(kybMessages.kybDocumentTooLarge, { size: KYB_DOCUMENT_MAX_BYTES / (1024 * 1024) });
  return null;
}

/** "2.4 MB", "310 KB": a document's size in the list. */
export function fileSizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

// In a module of its own: the business badge on search results and profiles needs it, not this
// module's KYB schema (zod).
export { dayLabel } from "./day-label";
