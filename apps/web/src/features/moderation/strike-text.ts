import { format, messages, type Strike } from "@vn/contract";
import type { BadgeTone } from "@/components/ui/Badge";
import { formatDate } from "@/features/content/kinds";

/** The words of a strike as the person reads it (messages.ts; never the moderator's name). */
export const strikeKindText: Record<Strike["kind"], string> = {
  remove: messages.strikeKindRemove,
  warn: messages.strikeKindWarn,
  limit: messages.strikeKindLimit,
  suspend: messages.strikeKindSuspend,
};

export const strikeSubjectText: Record<Strike["subject"]["type"], string> = {
  content: messages.strikeSubjectContent,
  comment: messages.strikeSubjectComment,
  profile: messages.strikeSubjectProfile,
  message: messages.strikeSubjectMessage,
};

export function strikeStatus(strike: Strike): { text: string; tone: BadgeTone } {
  switch (strike.status) {
    case "reversed":
      return { text: messages.strikeStatusReversed, tone: "success" };
    case "pending_approval":
      return { text: messages.strikeStatusPending, tone: "neutral" };
    case "cancelled":
      return { text: messages.strikeStatusCancelled, tone: "neutral" };
    default:
      return { text: messages.strikeStatusActive, tone: "warning" };
  }
}

/** Where the appeal stands, once there is one. */
export function appealText(strike: Strike): string | null {
  switch (strike.appeal.state) {
    case "pending":
      return messages.strikeAppealPending;
    case "granted":
      return messages.strikeAppealGranted;
    case "denied":
      return messages.strikeAppealDenied;
    default:
      return null;
  }
}

export function strikeEnds(strike: Strike): string | null {
  return strike.endsAt && strike.status === "active"
    ? format(messages.strikeEndsAt, { date: formatDate(strike.endsAt) })
    : null;
}
