"use client";

import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import Link from "next/link";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { Skeleton } from "@/components/ui/Skeleton";
import { NotificationRow } from "./NotificationRow";
import { unreadBadge } from "./notification-text";
import { useLiveNotifications, useMarkRead, useNotificationList, useUnreadCount } from "./use-notifications";

export const NOTIFICATIONS_PATH = "/notifications";

/** The header's bell: unread count, the newest notifications, mark read, live (§7 notification). */
export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(true);
  const listening = useLiveNotifications(true);
  const list = useNotificationList(open, 8);
  const markRead = useMarkRead();
  const items = list.data?.[0]?.data ?? [];
  const badge = unreadBadge(unread.count);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          data-live={listening ? "true" : undefined}
          className="relative inline-flex min-h-10 min-w-10 flex-col items-center justify-center gap-0.5 rounded-md px-2 text-ink-muted hover:text-ink md:min-w-16"
        >
          <Icon name="bell" size={22} />
          <span className="text-xs max-md:sr-only">{commonMessages.notificationsHeading}</span>
          {unread.count > 0 ? (
            <span className="sr-only">
              , {format(commonMessages.notificationsUnread, { count: unread.count })}
            </span>
          ) : null}
          {badge ? (
            <span
              aria-hidden="true"
              data-testid="notifications-unread"
              className="absolute top-0 right-1 min-w-5 rounded-full bg-danger px-1 text-center text-[0.7rem] leading-5 font-semibold text-white md:right-3"
            >
              {badge}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={commonMessages.notificationsHeading}
          className="z-50 flex max-h-[min(32rem,80vh)] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-card bg-surface shadow-pop animate-fade-in"
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
            <h2 className="font-semibold text-ink">{commonMessages.notificationsHeading}</h2>
            {unread.count > 0 ? (
              <button
                type="button"
                onClick={() => void markRead.all()}
                className="min-h-9 rounded-full px-2 text-sm font-semibold text-brand hover:bg-brand-soft"
              >
                {commonMessages.notificationsMarkAll}
              </button>
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
            {!list.data && !list.error ? (
              <div aria-busy="true" className="flex flex-col gap-3 p-3">
                <span className="sr-only">{commonMessages.loading}</span>
                <Skeleton className="h-10" />
                <Skeleton className="h-10" />
              </div>
            ) : items.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-ink-muted">
                {commonMessages.notificationsEmpty}
              </p>
            ) : (
              <ul className="flex flex-col">
                {items.map((notification) => (
                  <li key={notification.id}>
                    <NotificationRow
                      notification={notification}
                      onOpen={() => {
                        setOpen(false);
                        if (!notification.readAt) void markRead.one(notification.id).catch(() => undefined);
                      }}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Link
            href={NOTIFICATIONS_PATH}
            onClick={() => setOpen(false)}
            className="flex min-h-11 items-center justify-center border-t border-line text-sm font-semibold text-brand hover:bg-brand-soft"
          >
            {commonMessages.notificationsSeeAll}
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
