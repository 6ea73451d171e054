"use client";

import { type Chat, format } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { Avatar } from "@/components/ui/Avatar";
import { cn } from "@/lib/cn";
import { chatName, chatPeer, lastMessageLine } from "./chat-rules";
import { formatChatTime } from "./chat-time";

/** One conversation in the list: picture, name, last message, time and the unread count. */
export function ChatListItem({
  chat,
  selected,
  onOpen,
}: {
  chat: Chat;
  selected: boolean;
  onOpen: (id: string) => void;
}) {
  const name = chatName(chat);
  const peer = chat.kind === "direct" ? chatPeer(chat) : null;
  const unread = chat.me.unreadCount;
  return (
    <button
      type="button"
      onClick={() => onOpen(chat.id)}
      aria-current={selected ? "true" : undefined}
      data-chat-id={chat.id}
      className={cn(
        "flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-black/[0.03] focus-visible:bg-black/[0.03]",
        selected && "bg-brand-soft hover:bg-brand-soft",
      )}
    >
      <Avatar
        name={name}
        src={peer?.image?.urls.preview ?? null}
        size="md"
        shape={peer?.type === "company" ? "square" : "circle"}
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-baseline gap-2">
          <span className={cn("min-w-0 flex-1 truncate text-ink", unread > 0 && "font-semibold")}>
            {name}
          </span>
          {chat.lastMessageAt ? (
            <span className="shrink-0 text-xs text-ink-muted">{formatChatTime(chat.lastMessageAt)}</span>
          ) : null}
        </span>
        <span className="flex items-center gap-2">
          <span className={cn("min-w-0 flex-1 truncate text-sm", unread > 0 ? "text-ink" : "text-ink-muted")}>
            {lastMessageLine(chat)}
          </span>
          {unread > 0 ? (
            <span className="shrink-0 rounded-full bg-brand px-1.5 text-xs leading-5 font-semibold text-white">
              <span aria-hidden="true">{unread}</span>
              <span className="sr-only">{format(chatsMessages.chatsUnreadCount, { count: unread })}</span>
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
