"use client";

import { format } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { useEffect, useRef, useState } from "react";
import { Icon } from "@/components/ui/Icon";
import { deferredModule, useDeferredModule } from "@/lib/use-deferred-module";
import { unreadBadge } from "./notification-text";
import { useLiveNotifications, useUnreadCount } from "./use-notifications";

/** The popover (Radix popover, popper, the list) loads on the first sign of interest, not with
 * the page: the pointer over the bell or focus on it, or a press before either. */
const popoverModule = deferredModule(() =>
  import("./NotificationsPopover").then((module) => module.NotificationsPopover),
);

/** The header's bell: unread count, the newest notifications, mark read, live (§7 notification). */
export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(true);
  const listening = useLiveNotifications(true);
  const badge = unreadBadge(unread.count);
  const [Popover, request] = useDeferredModule(popoverModule);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  // The loaded popover draws the bell anew: one that had focus (loaded by keyboard) keeps it.
  useEffect(() => {
    if (Popover && hadFocus.current && !open) triggerRef.current?.focus();
  }, [Popover, open]);

  const bell = (
    <button
      ref={triggerRef}
      type="button"
      data-live={listening ? "true" : undefined}
      className="relative inline-flex min-h-10 min-w-10 flex-col items-center justify-center gap-0.5 rounded-md px-2 text-ink-muted hover:text-ink md:min-w-16"
      {...(Popover
        ? {}
        : {
            // Drawn as Radix draws the closed trigger; a press before the popover has arrived
            // opens it when it does.
            "aria-haspopup": "dialog" as const,
            "aria-expanded": false,
            "data-state": "closed",
            onPointerEnter: request,
            onFocus: () => {
              hadFocus.current = true;
              request();
            },
            onBlur: () => {
              hadFocus.current = false;
            },
            onClick: () => {
              request();
              setOpen(true);
            },
          })}
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
  );
  if (!Popover) return bell;
  return <Popover trigger={bell} open={open} onOpenChange={setOpen} unreadCount={unread.count} />;
}
