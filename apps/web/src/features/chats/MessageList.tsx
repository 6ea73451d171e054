"use client";

import type { Chat } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { commonMessages } from "@vn/contract/messages/common";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/Spinner";
import { useChats } from "./ChatsProvider";
import { groupRuns, seenSeq } from "./chat-rules";
import type { History } from "./chat-store";
import { HistoryRetry } from "./HistoryRetry";
import { MessageBubble } from "./MessageBubble";

/**
 * The history of one conversation, oldest at the top: scrolling up near the top loads the page
 * before the first message held (keyset `before`); new messages keep the view at the bottom when
 * it was there. While the conversation is on screen and the tab visible, it is marked read.
 */
export function MessageList({ chat, history }: { chat: Chat; history: History }) {
  const { loadOlder, markRead } = useChats();
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBefore = useRef<number | null>(null);
  /** The page above failed: a retry button stands where the spinner was. */
  const [olderFailed, setOlderFailed] = useState(false);
  const items = history.items;
  const lastSeq = items.at(-1)?.seq ?? 0;
  const firstSeq = items[0]?.seq ?? 0;
  const seen = seenSeq(chat, items);

  // Older page prepended: keep the same message under the reader's eye.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first message changes
  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node) return;
    if (heightBefore.current !== null) {
      node.scrollTop += node.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    }
  }, [firstSeq]);

  // A new message at the foot: follow it when the reader was at the bottom (or wrote it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the last message changes
  useLayoutEffect(() => {
    const node = scroller.current;
    const mine = items.at(-1)?.sender.id === chat.me.profileId;
    if (node && (atBottom.current || mine)) node.scrollTop = node.scrollHeight;
  }, [lastSeq]);

  const loadAbove = useCallback(() => {
    heightBefore.current = scroller.current?.scrollHeight ?? null;
    setOlderFailed(false);
    loadOlder(chat.id).catch(() => {
      heightBefore.current = null;
      setOlderFailed(true);
    });
  }, [loadOlder, chat.id]);

  useEffect(() => {
    const node = top.current;
    if (!node || !history.hasOlder || olderFailed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadAbove();
      },
      { root: scroller.current, rootMargin: "200px 0px 0px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [history.hasOlder, olderFailed, loadAbove]);

  // Read while on screen: now, on every new message, and when the tab comes back.
  useEffect(() => {
    if (!lastSeq) return;
    const read = () => {
      if (document.visibilityState === "visible") markRead(chat.id, lastSeq);
    };
    read();
    document.addEventListener("visibilitychange", read);
    return () => document.removeEventListener("visibilitychange", read);
  }, [chat.id, lastSeq, markRead]);

  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const node = event.currentTarget;
        atBottom.current = node.scrollHeight - node.scrollTop - node.clientHeight < 48;
      }}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 lg:px-5"
    >
      {history.hasOlder && olderFailed ? (
        <HistoryRetry onRetry={loadAbove} />
      ) : history.hasOlder ? (
        <div ref={top} className="flex justify-center py-2">
          <Spinner />
          <span className="sr-only">{chatsMessages.chatsLoadOlder}</span>
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className="py-12 text-center text-sm text-ink-muted">{chatsMessages.chatsNoMessages}</p>
      ) : (
        <ol aria-label={commonMessages.chatsHeading} className="flex flex-col gap-3">
          {groupRuns(items).map((run) => (
            <li key={run[0]?.seq} className="flex flex-col gap-1">
              {run.map((message, index) => (
                <MessageBubble
                  key={message.seq}
                  chat={chat}
                  message={message}
                  first={index === 0}
                  seen={message.seq === seen}
                />
              ))}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
