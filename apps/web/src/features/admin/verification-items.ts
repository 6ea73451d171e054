import {
  type IdvDocumentType,
  type IdvImageSide,
  idvDocumentTypeInfo,
  idvReasons,
  idvStaffReasonCodes,
  type staffQueueItemSchema,
} from "@vn/contract";
import { adminMessages } from "@vn/contract/messages/admin";
import type { z } from "zod";
import { reasonOptions } from "./DecisionForm";

/** One identity verification waiting for staff: a manual review, or an appeal of a final rejection. */
export type VerificationQueueItem = z.infer<typeof staffQueueItemSchema>;

/** The item's address under /admin/verifications: its appeal's id, or its transaction's. */
export function itemId(item: VerificationQueueItem): string {
  return item.kind === "appeal" && item.appeal ? item.appeal.id : item.transaction.id;
}

export function kindLabel(item: VerificationQueueItem): string {
  return item.kind === "appeal"
    ? adminMessages.adminVerificationKindAppeal
    : adminMessages.adminVerificationKindReview;
}

/** When it started waiting: the appeal's date, or the transaction's submission. */
export function waitingSince(item: VerificationQueueItem): string {
  return item.appeal?.createdAt ?? item.transaction.submittedAt ?? item.transaction.createdAt;
}

const sideLabels: Record<IdvImageSide, string> = {
  front: adminMessages.adminVerificationSideFront,
  back: adminMessages.adminVerificationSideBack,
  selfie: adminMessages.adminVerificationSideSelfie,
  extra: adminMessages.adminVerificationSideExtra,
};

export function sideLabel(side: IdvImageSide): string {
  return sideLabels[side];
}

export function documentTypeLabel(type: IdvDocumentType | null): string {
  return type ? idvDocumentTypeInfo[type].label : "—";
}

/** The reasons staff pick from to reject a manual review, with their labels. */
export const identityReasonOptions = reasonOptions(idvStaffReasonCodes, idvReasons);
