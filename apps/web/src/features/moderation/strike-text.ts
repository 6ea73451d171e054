import { format, type Strike } from "@vn/contract";
import { moderationMessages } from "@vn/contract/messages/moderation";
import { sharedMessages } from "@vn/contract/messages/shared";
import type { BadgeTone } from "@/components/ui/Badge";
import { formatDate } from "@/features/content/kinds";

/** The words of a strike as the person reads it (messages.ts; never the moderator's name). */
export const strikeKindText: Record<Strike["kind"], string> = {
  remove: sharedMessages.strikeKindRemove,
  warn: sharedMessages.strikeKindWarn,
  limit: sharedMessages.strikeKindLimit,
  suspend: sharedMessages.strikeKindSuspend,
};

export const strikeSubjectText: Record<Strike["subject"]["type"], string> = {
  content: moderationMessages.strikeSubjectContent,
  comment: moderationMessages.strikeSubjectComment,
  profile: moderationMessages.strikeSubjectProfile,
  message: moderationMessages.strikeSubjectMessage,
};

export function strikeStatus(strike: Strike): { text: string; tone: BadgeTone } {
  switch (strike.status) {
    case "reversed":
      return { text: sharedMessages.strikeStatusReversed, tone: "success" };
    case "pending_approval":
      return { text: sharedMessages.strikeStatusPending, tone: "neutral" };
    case "cancelled":
      return { text: sharedMessages.strikeStatusCancelled, tone: "neutral" };
    default:
      return { text: sharedMessages.strikeStatusActive, tone: "warning" };
  }
}

/** Where the appeal stands, once there is one. */
export function appealText(strike: Strike): string | null {
  switch (strike.appeal.state) {
    case "pending":
      return moderationMessages.strikeAppealPending;
    case "granted":
      return moderationMessages.strikeAppealGranted;
    case "denied":
      return moderationMessages.strikeAppealDenied;
    default:
      return null;
  }
}

export function strikeEnds(strike: Strike): string | null {
  return strike.endsAt && strike.status === "active"
    ? format(moderationMessages.strikeEndsAt, { date: formatDate(strike.endsAt) })
    : null;
}
