import {
  format,
  formatCount,
  type MessageKey,
  type ModerationActionKind,
  type ModerationEventType,
  type ModerationState,
  type ModerationSubjectType,
  messages,
  type StrikeAppealState,
  type StrikeKind,
  type StrikeStatus,
} from "@vn/contract";
import type { BadgeTone } from "@/components/ui/Badge";

/**
 * The labels the review screens read for the contract's moderation values (one table each), and
 * the small formatting they share: a subject's age, report counts, a reporter's accuracy.
 */

export const stateLabels: Record<ModerationState, string> = {
  open: messages.reviewStateOpen,
  escalated: messages.reviewStateEscalated,
  closed: messages.reviewStateClosed,
};

export const stateTones: Record<ModerationState, BadgeTone> = {
  open: "brand",
  escalated: "warning",
  closed: "neutral",
};

export const subjectTypeLabels: Record<ModerationSubjectType, string> = {
  profile: messages.reviewSubjectTypeProfile,
  content: messages.reviewSubjectTypeContent,
  comment: messages.reviewSubjectTypeComment,
  message: messages.reviewSubjectTypeMessage,
};

export const actionLabels: Record<ModerationActionKind, string> = {
  dismiss: messages.reviewActionDismiss,
  escalate: messages.reviewActionEscalate,
  remove: messages.reviewActionRemove,
  warn: messages.reviewActionWarn,
  limit: messages.reviewActionLimit,
  suspend: messages.reviewActionSuspend,
};

export const strikeKindLabels: Record<StrikeKind, string> = {
  remove: messages.strikeKindRemove,
  warn: messages.strikeKindWarn,
  limit: messages.strikeKindLimit,
  suspend: messages.strikeKindSuspend,
};

export const strikeStatusLabels: Record<StrikeStatus, string> = {
  pending_approval: messages.strikeStatusPending,
  active: messages.strikeStatusActive,
  reversed: messages.strikeStatusReversed,
  cancelled: messages.strikeStatusCancelled,
};

export const strikeStatusTones: Record<StrikeStatus, BadgeTone> = {
  pending_approval: "warning",
  active: "danger",
  reversed: "success",
  cancelled: "neutral",
};

export const appealStateLabels: Record<StrikeAppealState, string> = {
  none: messages.reviewAppealNone,
  pending: messages.reviewAppealPending,
  granted: messages.reviewAppealGranted,
  denied: messages.reviewAppealDenied,
};

const eventKeys: Record<ModerationEventType, MessageKey> = {
  reported: "reviewEventReported",
  dismissed: "reviewEventDismissed",
  escalated: "reviewEventEscalated",
  closed: "reviewEventClosed",
  removed: "reviewEventRemoved",
  warned: "reviewEventWarned",
  limited: "reviewEventLimited",
  suspended: "reviewEventSuspended",
  approvalRequested: "reviewEventApprovalRequested",
  approved: "reviewEventApproved",
  approvalRefused: "reviewEventApprovalRefused",
  appealed: "reviewEventAppealed",
  appealGranted: "reviewEventAppealGranted",
  appealDenied: "reviewEventAppealDenied",
  restored: "reviewEventRestored",
  note: "reviewEventNote",
};

export function eventLabel(type: ModerationEventType): string {
  return messages[eventKeys[type]];
}

export function reportCount(count: number): string {
  return formatCount(count, { one: messages.reviewReportsOne, other: messages.reviewReportsOther });
}

export function followerCount(count: number): string {
  return formatCount(count, { one: messages.reviewFollowersOne, other: messages.reviewFollowersOther });
}

/** How long ago, in the largest whole unit ("3 h ago"); `now` is passed so renders agree. */
export function ageOf(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return messages.reviewAgeNow;
  if (minutes < 60) return format(messages.reviewAgeMinutes, { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return format(messages.reviewAgeHours, { count: hours });
  return format(messages.reviewAgeDays, { count: Math.floor(hours / 24) });
}

/** A reporter's track record as staff read it. */
export function accuracyText(accuracy: number, decided: number): string {
  if (decided === 0) return messages.reviewReporterNew;
  return format(messages.reviewReporterAccuracy, { percent: Math.round(accuracy * 100), count: decided });
}

/** Rich text as plain words: staff read what was written, never markup the author sent. */
export function plainOf(text: string): string {
  return text
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
