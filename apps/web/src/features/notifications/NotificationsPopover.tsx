"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { Popover } from "radix-ui";
import type { ReactElement } from "react";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { NotificationRow } from "./NotificationRow";
import { useMarkRead, useNotificationList } from "./use-notifications";

export const NOTIFICATIONS_PATH = "/notifications";

/** The bell's popover: the newest notifications and mark read (§7 notification), loaded by
 * NotificationsMenu on the first sign of interest; `trigger` is the bell it draws. */
export function NotificationsPopover({
  trigger,
  open,
  onOpenChange: setOpen,
  unreadCount,
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unreadCount: number;
}) {
  const list = useNotificationList(open, 8);
  const markRead = useMarkRead();
  const items = list.data?.[0]?.data ?? [];
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
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
            {unreadCount > 0 ? (
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
