"use client";

import type { Notification } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { Avatar } from "@/components/ui/Avatar";
import { Link } from "@/components/ui/Link";
import { formatDateTime } from "@/features/content/kinds";
import { cn } from "@/lib/cn";
import { notificationHref, notificationText } from "./notification-text";

/** One notification: who, what, when, the excerpt; unread ones are tinted and marked. */
export function NotificationRow({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: () => void;
}) {
  const unread = notification.readAt === null;
  return (
    <Link
      href={notificationHref(notification)}
      onClick={onOpen}
      className={cn(
        "flex gap-3 rounded-md px-3 py-2.5 text-left outline-none hover:bg-black/[0.04] focus-visible:outline-2 focus-visible:outline-brand",
        unread && "bg-brand-soft/60",
      )}
    >
      <span aria-hidden="true" className="inline-flex shrink-0">
        <Avatar
          name={notification.actor.name}
          src={notification.actor.image?.urls.preview ?? null}
          size="sm"
          shape={notification.actor.type === "company" ? "square" : "circle"}
        />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm text-ink">
          {unread ? <span className="sr-only">{commonMessages.unreadLabel}: </span> : null}
          {notificationText(notification)}
        </span>
        {notification.comment?.excerpt ? (
          <span className="line-clamp-2 text-sm text-ink-muted">“{notification.comment.excerpt}”</span>
        ) : notification.content?.title ? (
          <span className="line-clamp-1 text-sm text-ink-muted">{notification.content.title}</span>
        ) : null}
        <time dateTime={notification.createdAt} className="text-xs text-ink-muted">
          {formatDateTime(notification.createdAt)}
        </time>
      </span>
      {unread ? <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-brand" /> : null}
    </Link>
  );
}
