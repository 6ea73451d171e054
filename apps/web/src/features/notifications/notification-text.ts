import { format, messages, type Notification, type NotificationKind } from "@vn/contract";

const templates: Record<NotificationKind, string> = {
  follow: messages.notificationFollow,
  comment: messages.notificationComment,
  reply: messages.notificationReply,
  reaction: messages.notificationReaction,
  repost: messages.notificationRepost,
  quote: messages.notificationQuote,
  mention: messages.notificationMention,
};

export function notificationText(notification: Notification): string {
  return format(templates[notification.kind], { name: notification.actor.name });
}

/** Where a notification leads: the publication, else the actor's profile. */
export function notificationHref(notification: Notification): string {
  return notification.content?.path ?? `/${encodeURIComponent(notification.actor.slug)}`;
}

/** The unread badge: exact up to 99, then "99+". */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}
