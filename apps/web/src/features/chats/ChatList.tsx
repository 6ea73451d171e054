"use client";

import type { Chat } from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { commonMessages } from "@vn/contract/messages/common";
import { useEffect, useMemo, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Icon } from "@/components/ui/Icon";
import { Skeleton } from "@/components/ui/Skeleton";
import { api } from "@/lib/api-client";
import { ChatListItem } from "./ChatListItem";
import { useChats } from "./ChatsProvider";
import { isRequest, sortChats } from "./chat-rules";
import { GroupCreateDialog } from "./GroupCreateDialog";
import { MessagingSettingsDialog } from "./MessagingSettingsDialog";
import { RefusalText } from "./RefusalText";

/** How long typing in the search box waits before asking the API. */
const SEARCH_DELAY_MS = 300;

/**
 * The left pane: search (the API's full-text search over titles, members and messages), the
 * Requests section (conversations opened by people the viewer does not follow), then the inbox,
 * newest activity first. The held state follows live events, so the order moves as messages come.
 */
export function ChatList({
  selectedId,
  onOpen,
}: {
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  const { state, listError } = useChats();
  const [search, setSearch] = useState("");
  const [results, setResults] = useState<Chat[] | null>(null);

  useEffect(() => {
    const text = search.trim();
    if (!text) {
      setResults(null);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      void api.chats
        .list({ query: { search: text }, signal: abort.signal })
        .then((page) => setResults(page.data))
        .catch(() => setResults([]));
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [search]);

  const { inbox, requests } = useMemo(() => {
    const all = sortChats(Object.values(state.chats));
    return { inbox: all.filter((chat) => !isRequest(chat)), requests: all.filter(isRequest) };
  }, [state.chats]);

  return (
    <>
      <div className="flex items-center gap-2 border-b border-line px-4 py-3">
        <h2 className="flex-1 text-lg font-semibold text-ink">{commonMessages.chatsHeading}</h2>
        <MessagingSettingsDialog />
        <GroupCreateDialog onCreated={onOpen} />
      </div>
      <div className="border-b border-line px-4 py-2">
        <label className="flex min-h-10 items-center gap-2 rounded-full bg-black/[0.04] px-3 focus-within:ring-2 focus-within:ring-brand">
          <Icon name="search" size={18} className="text-ink-muted" />
          <span className="sr-only">{chatsMessages.chatsSearchLabel}</span>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={chatsMessages.chatsSearchLabel}
            className="min-w-0 flex-1 bg-transparent text-sm text-ink outline-none placeholder:text-ink-muted"
          />
        </label>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {results ? (
          results.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-ink-muted">{chatsMessages.chatsSearchEmpty}</p>
          ) : (
            <ul>
              {results.map((chat) => (
                <li key={chat.id}>
                  <ChatListItem
                    chat={state.chats[chat.id] ?? chat}
                    selected={chat.id === selectedId}
                    onOpen={onOpen}
                  />
                </li>
              ))}
            </ul>
          )
        ) : !state.loaded ? (
          <div aria-busy="true" className="flex flex-col gap-4 p-4">
            <span className="sr-only">{commonMessages.loading}</span>
            {[0, 1, 2, 3].map((row) => (
              <div key={row} className="flex items-center gap-3">
                <Skeleton shape="circle" className="size-12" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton shape="text" className="w-1/2" />
                  <Skeleton shape="text" className="w-3/4" />
                </div>
              </div>
            ))}
          </div>
        ) : (
          <>
            {requests.length > 0 ? (
              <section aria-labelledby="chat-requests-heading" className="border-b border-line">
                <h3
                  id="chat-requests-heading"
                  className="bg-brand-soft px-4 py-2 text-xs font-semibold tracking-wide text-brand-strong uppercase"
                >
                  {chatsMessages.chatsRequestsHeading} ({requests.length})
                </h3>
                <ul>
                  {requests.map((chat) => (
                    <li key={chat.id}>
                      <ChatListItem chat={chat} selected={chat.id === selectedId} onOpen={onOpen} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {listError ? (
              <Alert className="m-4">
                <RefusalText error={listError} />
              </Alert>
            ) : inbox.length === 0 && requests.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
                <Icon name="chat" size={32} className="text-ink-muted" />
                <p className="font-semibold text-ink">{chatsMessages.chatsEmpty}</p>
                <p className="text-sm text-ink-muted">{chatsMessages.chatsEmptyHint}</p>
              </div>
            ) : (
              <ul aria-label={chatsMessages.chatsListLabel}>
                {inbox.map((chat) => (
                  <li key={chat.id}>
                    <ChatListItem chat={chat} selected={chat.id === selectedId} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </>
  );
}
