"use client";

import { commonMessages } from "@vn/contract/messages/common";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { Button } from "@/components/ui/Button";
import { Icon } from "@/components/ui/Icon";
import { Skeleton } from "@/components/ui/Skeleton";
import { NextPageFailed } from "@/features/content/NextPageFailed";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { NotificationRow } from "./NotificationRow";
import { useMarkRead, useNotificationList, useUnreadCount } from "./use-notifications";

/** /notifications: every notification, newest first, by cursor; mark one or all read. */
export function NotificationsView() {
  const router = useRouter();
  const session = useSession();
  const signedIn = Boolean(session.user);
  useEffect(() => {
    if (!session.isLoading && !session.user) router.replace(`${routes.login}?redirect=/notifications`);
  }, [session.isLoading, session.user, router]);
  const { data, error, items, retry, sentinel } = useNotificationList(signedIn, 20);
  const unread = useUnreadCount(signedIn);
  const markRead = useMarkRead();

  return (
    <div className="mx-auto flex w-full max-w-[680px] flex-col gap-4 px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold text-ink">{commonMessages.notificationsHeading}</h1>
        {unread.count > 0 ? (
          <Button variant="secondary" onClick={() => void markRead.all()}>
            <Icon name="check" size={18} />
            {commonMessages.notificationsMarkAll}
          </Button>
        ) : null}
      </div>
      <section
        aria-label={commonMessages.notificationsHeading}
        className="rounded-card bg-surface p-1.5 shadow-card sm:p-2"
      >
        {!data && !error ? (
          <div aria-busy="true" className="flex flex-col gap-3 p-3">
            <span className="sr-only">{commonMessages.loading}</span>
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} className="h-12" />
            ))}
          </div>
        ) : null}
        {data && items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
              <Icon name="bell" size={26} />
            </span>
            <p className="max-w-sm text-ink-muted">{commonMessages.notificationsEmpty}</p>
          </div>
        ) : null}
        <ul className="flex flex-col divide-y divide-line">
          {items.map((notification) => (
            <li key={notification.id}>
              <NotificationRow
                notification={notification}
                onOpen={() => {
                  if (!notification.readAt) void markRead.one(notification.id).catch(() => undefined);
                }}
              />
            </li>
          ))}
        </ul>
        {error ? <NextPageFailed onRetry={retry} frame="p-6" /> : null}
        <div ref={sentinel} aria-hidden="true" />
      </section>
    </div>
  );
}
