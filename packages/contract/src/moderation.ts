import { moderationMessages } from "./messages/moderation";

/**
 * Trust and safety (issue 16): the review queue's values both sides agree on. Reports of a
 * publication, a comment, a profile or a message gather on one subject per thing (Bluesky's
 * Ozone), with an append-only event log; staff act on the subject; a decision against a person
 * (a strike, Mastodon's word) carries a reason they read and may be appealed once. The rules live
 * in the API's moderation module; the web reads what it returns.
 */

/** What can be under review. */
export const moderationSubjectTypes = ["profile", "content", "comment", "message"] as const;
export type ModerationSubjectType = (typeof moderationSubjectTypes)[number];

/** Review states: a new report on a closed subject opens it again. */
export const moderationStates = ["open", "escalated", "closed"] as const;
export type ModerationState = (typeof moderationStates)[number];

/**
 * What staff may do to a subject. dismiss: nothing wrong (reports dismissed, closed); escalate:
 * hand it to an admin (stays in the queue as escalated); remove: the content goes (a publication
 * is blocked, a comment hidden, a message deleted for everyone; not a profile); warn: a strike
 * only; limit: for some days the person reads but does not write; suspend: the account is
 * blocked (a verified one waits for a second staff member's approval).
 */
export const moderationActionKinds = ["dismiss", "escalate", "remove", "warn", "limit", "suspend"] as const;
export type ModerationActionKind = (typeof moderationActionKinds)[number];
/** The actions that are decisions against a person (strikes): stored, notified, appealable. */
export const strikeKinds = ["remove", "warn", "limit", "suspend"] as const;
export type StrikeKind = (typeof strikeKinds)[number];
export function isStrikeKind(kind: string): kind is StrikeKind {
  return (strikeKinds as readonly string[]).includes(kind);
}

/** What bulk actions may do to many subjects at once (all or nothing). */
export const moderationBulkActions = ["dismiss", "escalate", "close"] as const;
export type ModerationBulkAction = (typeof moderationBulkActions)[number];

/**
 * A strike's life: pending_approval (a verified account's suspension waits for a second staff
 * member), active, reversed (an appeal was granted), cancelled (the approval was refused).
 */
export const strikeStatuses = ["pending_approval", "active", "reversed", "cancelled"] as const;
export type StrikeStatus = (typeof strikeStatuses)[number];
export const appealDecisions = ["granted", "denied"] as const;
export type AppealDecision = (typeof appealDecisions)[number];
/** Where a strike's appeal stands: none yet, waiting for staff, or decided. */
export const strikeAppealStates = ["none", "pending", "granted", "denied"] as const;
export type StrikeAppealState = (typeof strikeAppealStates)[number];

/** What a report's reporter learns, and what counts towards their track record. */
export const reportOutcomes = ["actioned", "dismissed"] as const;
export type ReportOutcome = (typeof reportOutcomes)[number];

/** The moderation reasons staff choose, with the short label people read. */
export const moderationReasons = {
  spam: "moderationReasonSpam",
  harassment: "moderationReasonHarassment",
  hate: "moderationReasonHate",
  violence: "moderationReasonViolence",
  misinformation: "moderationReasonMisinformation",
  impersonation: "moderationReasonImpersonation",
  nudity: "moderationReasonNudity",
  intellectual_property: "moderationReasonIntellectualProperty",
  illegal: "moderationReasonIllegal",
  other: "moderationReasonOther",
} as const satisfies Record<string, keyof typeof moderationMessages>;
export type ModerationReason = keyof typeof moderationReasons;
export const moderationReasonCodes = Object.keys(moderationReasons) as [
  ModerationReason,
  ...ModerationReason[],
];
/** The short label of a moderation reason (a report reason shares the same codes, but "illegal"). */
export function moderationReasonLabel(reason: string): string {
  const key = (moderationReasons as Record<string, keyof typeof moderationMessages>)[reason];
  return key ? moderationMessages[key] : reason;
}

/** The events of a subject's log (moderation_events.type). */
export const moderationEventTypes = [
  "reported",
  "dismissed",
  "escalated",
  "closed",
  "removed",
  "warned",
  "limited",
  "suspended",
  "approvalRequested",
  "approved",
  "approvalRefused",
  "appealed",
  "appealGranted",
  "appealDenied",
  "restored",
  "note",
] as const;
export type ModerationEventType = (typeof moderationEventTypes)[number];

/** A limit lasts this many days unless staff say otherwise, and at most the max. */
export const MODERATION_LIMIT_DAYS_DEFAULT = 7;
export const MODERATION_LIMIT_DAYS_MAX = 365;
/** What the person reads: why (the staff member writes it). */
export const MODERATION_MESSAGE_MIN = 10;
export const MODERATION_MESSAGE_MAX = 2000;
/** A staff note on an event, a bulk action, an approval or an appeal decision. */
export const MODERATION_NOTE_MAX = 2000;
/** An appeal's text. */
export const MODERATION_APPEAL_MIN = 10;
export const MODERATION_APPEAL_MAX = 2000;
/** Subjects one bulk action may take. */
export const MODERATION_BULK_MAX = 100;
/** The signed appeal link a suspended person receives by mail (they cannot sign in) lasts this long. */
export const MODERATION_APPEAL_LINK_DAYS = 30;

/** The person's page of strikes (linked from the notification and the mail). */
export const STRIKES_PATH = "/settings/moderation";
/** The page a suspended person opens from their mail to appeal without signing in. */
export function appealLinkPath(token: string): string {
  return `/moderation-appeal/${encodeURIComponent(token)}`;
}
