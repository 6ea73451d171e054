"use client";

import { format, scopeOf } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { NavItem } from "@/components/shell/NavItem";
import { actorOf } from "@/lib/actor";
import { routes } from "@/lib/paths";
import { useSession } from "@/lib/session";
import { useChatsUnread } from "./use-chats-unread";

/** The header's Messaging entry with the number of unread conversations (and waiting requests). */
export function MessagingNavItem() {
  const actor = actorOf(useSession().user);
  // A company member whose role lacks `chats` has no inbox to count (the API would refuse).
  const unread = useChatsUnread(actor !== null && scopeOf(actor, "chats") !== "none");
  const count = unread.conversations + unread.requests;
  return (
    <span className="relative inline-flex">
      <NavItem href={routes.chats} label={commonMessages.chatsHeading} icon="chat" />
      {count > 0 ? (
        <>
          <span className="sr-only">{format(commonMessages.chatsNavUnread, { count })}</span>
          <span
            aria-hidden="true"
            data-testid="chats-unread"
            className="pointer-events-none absolute top-0 right-1 min-w-5 rounded-full bg-danger px-1 text-center text-[0.7rem] leading-5 font-semibold text-white md:right-3"
          >
            {count > 99 ? "99+" : count}
          </span>
        </>
      ) : null}
    </span>
  );
}
