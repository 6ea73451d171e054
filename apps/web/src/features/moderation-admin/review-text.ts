import {
  format,
  formatCount,
  type ModerationActionKind,
  type ModerationEventType,
  type ModerationState,
  type ModerationSubjectType,
  type StrikeAppealState,
  type StrikeKind,
  type StrikeStatus,
} from "@vn/contract";
import { moderationAdminMessages } from "@vn/contract/messages/moderation-admin";
import { sharedMessages } from "@vn/contract/messages/shared";
import type { BadgeTone } from "@/components/ui/Badge";

/**
 * The labels the review screens read for the contract's moderation values (one table each), and
 * the small formatting they share: a subject's age, report counts, a reporter's accuracy.
 */

export const stateLabels: Record<ModerationState, string> = {
  open: moderationAdminMessages.reviewStateOpen,
  escalated: moderationAdminMessages.reviewStateEscalated,
  closed: moderationAdminMessages.reviewStateClosed,
};

export const stateTones: Record<ModerationState, BadgeTone> = {
  open: "brand",
  escalated: "warning",
  closed: "neutral",
};

export const subjectTypeLabels: Record<ModerationSubjectType, string> = {
  profile: moderationAdminMessages.reviewSubjectTypeProfile,
  content: moderationAdminMessages.reviewSubjectTypeContent,
  comment: moderationAdminMessages.reviewSubjectTypeComment,
  message: moderationAdminMessages.reviewSubjectTypeMessage,
};

export const actionLabels: Record<ModerationActionKind, string> = {
  dismiss: moderationAdminMessages.reviewActionDismiss,
  escalate: moderationAdminMessages.reviewActionEscalate,
  remove: moderationAdminMessages.reviewActionRemove,
  warn: moderationAdminMessages.reviewActionWarn,
  limit: moderationAdminMessages.reviewActionLimit,
  suspend: moderationAdminMessages.reviewActionSuspend,
};

export const strikeKindLabels: Record<StrikeKind, string> = {
  remove: sharedMessages.strikeKindRemove,
  warn: sharedMessages.strikeKindWarn,
  limit: sharedMessages.strikeKindLimit,
  suspend: sharedMessages.strikeKindSuspend,
};

export const strikeStatusLabels: Record<StrikeStatus, string> = {
  pending_approval: sharedMessages.strikeStatusPending,
  active: sharedMessages.strikeStatusActive,
  reversed: sharedMessages.strikeStatusReversed,
  cancelled: sharedMessages.strikeStatusCancelled,
};

export const strikeStatusTones: Record<StrikeStatus, BadgeTone> = {
  pending_approval: "warning",
  active: "danger",
  reversed: "success",
  cancelled: "neutral",
};

export const appealStateLabels: Record<StrikeAppealState, string> = {
  none: moderationAdminMessages.reviewAppealNone,
  pending: moderationAdminMessages.reviewAppealPending,
  granted: moderationAdminMessages.reviewAppealGranted,
  denied: moderationAdminMessages.reviewAppealDenied,
};

const eventKeys: Record<ModerationEventType, keyof typeof moderationAdminMessages> = {
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
  return moderationAdminMessages[eventKeys[type]];
}

export function reportCount(count: number): string {
  return formatCount(count, {
    one: moderationAdminMessages.reviewReportsOne,
    other: moderationAdminMessages.reviewReportsOther,
  });
}

export function followerCount(count: number): string {
  return formatCount(count, {
    one: moderationAdminMessages.reviewFollowersOne,
    other: moderationAdminMessages.reviewFollowersOther,
  });
}

/** How long ago, in the largest whole unit ("3 h ago"); `now` is passed so renders agree. */
export function ageOf(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return moderationAdminMessages.reviewAgeNow;
  if (minutes < 60) return format(moderationAdminMessages.reviewAgeMinutes, { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return format(moderationAdminMessages.reviewAgeHours, { count: hours });
  return format(moderationAdminMessages.reviewAgeDays, { count: Math.floor(hours / 24) });
}

/** A reporter's track record as staff read it. */
export function accuracyText(accuracy: number, decided: number): string {
  if (decided === 0) return moderationAdminMessages.reviewReporterNew;
  return format(moderationAdminMessages.reviewReporterAccuracy, {
    percent: Math.round(accuracy * 100),
    count: decided,
  });
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
