import { format, type Notification, type NotificationKind, STRIKES_PATH } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";

const templates: Record<NotificationKind, string> = {
  follow: commonMessages.notificationFollow,
  comment: commonMessages.notificationComment,
  reply: commonMessages.notificationReply,
  reaction: commonMessages.notificationReaction,
  repost: commonMessages.notificationRepost,
  quote: commonMessages.notificationQuote,
  mention: commonMessages.notificationMention,
  message: commonMessages.notificationMessage,
  verification_accepted: commonMessages.notificationVerificationAccepted,
  verification_rejected: commonMessages.notificationVerificationRejected,
  kyb_accepted: commonMessages.notificationKybAccepted,
  kyb_rejected: commonMessages.notificationKybRejected,
  creator_approved: commonMessages.notificationCreatorApproved,
  creator_rejected: commonMessages.notificationCreatorRejected,
  moderation_strike: commonMessages.notificationStrike,
  moderation_appeal_granted: commonMessages.notificationAppealGranted,
  moderation_appeal_denied: commonMessages.notificationAppealDenied,
  report_actioned: commonMessages.notificationReportActioned,
  report_dismissed: commonMessages.notificationReportDismissed,
};

/** Staff decisions (issue 16) lead to the page that says more. */
const decisionPaths: Partial<Record<NotificationKind, string>> = {
  verification_accepted: "/verification",
  verification_rejected: "/verification",
  kyb_accepted: "/verification/company",
  kyb_rejected: "/verification/company",
  creator_approved: "/settings/billing",
  creator_rejected: "/settings/billing",
  // Moderation (issue 16): the person's strikes page says what and why; a report's outcome is all
  // there is to say.
  moderation_strike: STRIKES_PATH,
  moderation_appeal_granted: STRIKES_PATH,
  moderation_appeal_denied: STRIKES_PATH,
  report_actioned: "/notifications",
  report_dismissed: "/notifications",
};

export function notificationText(notification: Notification): string {
  const name = notification.actor.name;
  // A message in a group names the group; a direct one only the sender.
  if (notification.kind === "message" && notification.chat?.title) {
    return format(commonMessages.notificationMessageInGroup, { name, title: notification.chat.title });
  }
  return format(templates[notification.kind], { name });
}

/** Where a notification leads: the conversation, the publication, else the actor's profile. */
export function notificationHref(notification: Notification): string {
  if (notification.chat) return `/chats?chat=${encodeURIComponent(notification.chat.id)}`;
  const decision = decisionPaths[notification.kind];
  if (decision) return decision;
  return notification.content?.path ?? `/${encodeURIComponent(notification.actor.slug)}`;
}

/** The unread badge: exact up to 99, then "99+". */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}
