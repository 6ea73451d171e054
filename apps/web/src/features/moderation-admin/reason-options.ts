import { moderationReasonCodes, moderationReasonLabel } from "@vn/contract";

/** The contract's moderation reasons as options of a select, with the labels people read. */
export const reasonOptions = moderationReasonCodes.map((code) => ({
  value: code,
  label: moderationReasonLabel(code),
}));
