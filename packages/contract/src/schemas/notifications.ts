import { z } from "zod";
import { PER_PAGE_MAX } from "../constants";
import { reactionKinds } from "../enums";
import { userText } from "./common";

/**
 * Notifications (issue 6 §7): stored per recipient profile, sent live as the `notification` socket
 * event to the recipient's profile room, listed newest first with an unread count, marked read one
 * by one or all at once.
 */

export const notificationKinds = [
  "follow",
  "comment",
  "reply",
  "reaction",
  "repost",
  "quote",
  "mention",
  // Messages still unread a minute after they came (issue 15): one per conversation and burst.
  "message",
  // Staff decided what the recipient asked for (issue 16): identity verification or its appeal,
  // the company's business verification, the creator application or its appeal. The recipient is
  // their own actor: staff stay unnamed.
  "verification_accepted",
  "verification_rejected",
  "kyb_accepted",
  "kyb_rejected",
  "creator_approved",
  "creator_rejected",
  // Trust and safety (issue 16): a strike against the recipient (details on /settings/moderation),
  // its appeal decided, and the outcome of a report they sent. Their own actor too: the moderator
  // stays unnamed.
  "moderation_strike",
  "moderation_appeal_granted",
  "moderation_appeal_denied",
  "report_actioned",
  "report_dismissed",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
/** The kinds that tell a staff decision (issue 16). */
export type StaffDecisionNotificationKind = Extract<
  NotificationKind,
  | "verification_accepted"
  | "verification_rejected"
  | "kyb_accepted"
  | "kyb_rejected"
  | "creator_approved"
  | "creator_rejected"
>;

/** The kinds that tell a moderation decision (issue 16). */
export type ModerationNotificationKind = Extract<
  NotificationKind,
  | "moderation_strike"
  | "moderation_appeal_granted"
  | "moderation_appeal_denied"
  | "report_actioned"
  | "report_dismissed"
>;

export const NOTIFICATIONS_PER_PAGE_DEFAULT = 20;
/** The unread badge counts up to this and shows "99+" style beyond (the web decides the text). */
export const NOTIFICATIONS_UNREAD_CAP = 1000;

export const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(notificationKinds),
    actor: z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      type: z.enum(["user", "company"]),
      verificationStatus: z.string(),
      image: z.object({ urls: z.object({ preview: z.string() }) }).nullable(),
    }),
    /** The publication concerned (absent for follows). */
    content: z
      .object({
        id: z.string(),
        kind: z.string(),
        title: z.string().nullable(),
        path: z.string(),
      })
      .nullable(),
    /** The comment concerned (comment, reply, mention in a comment). */
    comment: z.object({ id: z.string(), excerpt: z.string() }).nullable(),
    reaction: z.enum(reactionKinds).nullable(),
    /** The conversation concerned (kind "message"): its id (open /chats?id=…) and a group's title. */
    chat: z.object({ id: z.string(), title: z.string().nullable() }).nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  cursor: userText().max(200).optional(),
  perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(NOTIFICATIONS_PER_PAGE_DEFAULT),
  unreadOnly: z.stringbool().optional(),
});
export const notificationListResponseSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({ perPage: z.number(), nextCursor: z.string().nullable(), unreadCount: z.number() }),
});
export const unreadCountResponseSchema = z.object({ data: z.object({ unreadCount: z.number() }) });

/** The `notification` socket event (§7): the new notification and the recipient's unread count. */
export type NotificationEvent = {
  notification: Notification;
  unreadCount: number;
};
