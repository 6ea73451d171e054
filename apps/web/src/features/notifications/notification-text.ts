import { format, messages, type Notification, type NotificationKind } from "@vn/contract";

const templates: Record<NotificationKind, string> = {
  follow: messages.notificationFollow,
  comment: messages.notificationComment,
  reply: messages.notificationReply,
  reaction: messages.notificationReaction,
  repost: messages.notificationRepost,
  quote: messages.notificationQuote,
  mention: messages.notificationMention,
  message: messages.notificationMessage,
};

export function notificationText(notification: Notification): string {
  const name = notification.actor.name;
  // A message in a group names the group; a direct one only the sender.
  if (notification.kind === "message" && notification.chat?.title) {
    return format(messages.notificationMessageInGroup, { name, title: notification.chat.title });
  }
  return format(templates[notification.kind], { name });
}

/** Where a notification leads: the conversation, the publication, else the actor's profile. */
export function notificationHref(notification: Notification): string {
  if (notification.chat) return `/chats?chat=${encodeURIComponent(notification.chat.id)}`;
  return notification.content?.path ?? `/${encodeURIComponent(notification.actor.slug)}`;
}

/** The unread badge: exact up to 99, then "99+". */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}
