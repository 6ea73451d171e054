"use client";

import { CHAT_LIST_PER_PAGE_MAX, type Chat, type ChatMessage } from "@vn/contract";
import {
  createContext,
  type Dispatch,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
} from "react";
import { useSWRConfig } from "swr";
import { api } from "@/lib/api-client";
import { TYPING_SHOW_MS } from "./chat-rules";
import { type ChatsAction, type ChatsState, chatsReducer, initialChatsState } from "./chat-store";
import { useChatSocket } from "./use-chat-socket";
import { CHATS_UNREAD_KEY } from "./use-chats-unread";

export interface ChatsContextValue {
  state: ChatsState;
  dispatch: Dispatch<ChatsAction>;
  /** The list pages failed to load. */
  listError: unknown;
  connected: boolean;
  /** The socket was opened once and is down now (a drop, not the first connect). */
  reconnect(): void;
  /** Loads the newest page of a conversation's history (once). */
  openHistory(chatId: string): Promise<void>;
  /** Loads the page above the oldest message held. */
  loadOlder(chatId: string): Promise<void>;
  /** Marks the conversation read up to `seq` (the visible conversation). */
  markRead(chatId: string, seq: number): void;
  /** Fetches one conversation into the list (a new one, or one a request answer changed). */
  refreshChat(chatId: string): Promise<Chat | null>;
}

const ChatsContext = createContext<ChatsContextValue | null>(null);

export function useChats(): ChatsContextValue {
  const value = useContext(ChatsContext);
  if (!value) throw new Error("useChats: inside ChatsProvider only");
  return value;
}

/**
 * The state of /chats and what keeps it true: the first pages of the inbox and the requests, the
 * live events of §7, and the catch-up after every (re)connect — GET /chats/missed from the highest
 * changeSeq held, page after page, so a dropped socket loses nothing (§4: it never reconnects alone).
 */
export function ChatsProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(chatsReducer, initialChatsState);
  const { mutate } = useSWRConfig();
  const stateRef = useRef(state);
  stateRef.current = state;
  const listErrorRef = useRef<unknown>(null);
  const loadingHistory = useRef(new Set<string>());
  const catchingUp = useRef(false);

  const refreshUnread = useCallback(() => void mutate(CHATS_UNREAD_KEY), [mutate]);

  const refreshChat = useCallback(async (chatId: string) => {
    try {
      const { data } = await api.chats.get({ params: { id: chatId } });
      dispatch({ type: "chat", chatId, chat: data });
      return data;
    } catch {
      return null;
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    void Promise.all([
      api.chats.list({ query: { folder: "inbox", perPage: CHAT_LIST_PER_PAGE_MAX } }),
      api.chats.list({ query: { folder: "requests", perPage: CHAT_LIST_PER_PAGE_MAX } }),
    ])
      .then(([inbox, requests]) => {
        if (!cancelled) dispatch({ type: "listed", chats: [...inbox.data, ...requests.data] });
      })
      .catch((error: unknown) => {
        listErrorRef.current = error;
        if (!cancelled) dispatch({ type: "listed", chats: [] });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const catchUp = useCallback(async () => {
    // Before the first list came, the list itself is the catch-up.
    if (catchingUp.current || !stateRef.current.loaded) return;
    catchingUp.current = true;
    try {
      let after = stateRef.current.cursor;
      for (let page = 0; page < 20; page += 1) {
        const { data } = await api.chats.missed({ query: { after } });
        dispatch({ type: "missed", messages: data.messages, chats: data.chats, cursor: data.cursor });
        if (!data.hasMore || data.cursor <= after) break;
        after = data.cursor;
      }
      refreshUnread();
    } catch {
      // The next connect or focus asks again from the same cursor.
    } finally {
      catchingUp.current = false;
    }
  }, [refreshUnread]);

  const { connected, reconnect } = useChatSocket(true, {
    created: ({ chatId, message }) => {
      if (!stateRef.current.chats[chatId]) void refreshChat(chatId);
      dispatch({ type: "message", message });
      refreshUnread();
    },
    updated: ({ chatId, chat, message, note }) => {
      dispatch({ type: "chat", chatId, chat });
      if (message) dispatch({ type: "message", message });
      if (note) dispatch({ type: "note", note });
      refreshUnread();
    },
    read: ({ chatId, profileId, seq }) => dispatch({ type: "read", chatId, profileId, seq }),
    typing: ({ chatId, profileId }) =>
      dispatch({ type: "typing", chatId, profileId, until: Date.now() + TYPING_SHOW_MS }),
    connected: () => void catchUp(),
  });

  // The list came after the socket connected: catch up once now.
  useEffect(() => {
    if (state.loaded && connected) void catchUp();
  }, [state.loaded, connected, catchUp]);

  const openHistory = useCallback(async (chatId: string) => {
    if (stateRef.current.history[chatId] || loadingHistory.current.has(chatId)) return;
    loadingHistory.current.add(chatId);
    try {
      const page = await api.chats.messages({ params: { id: chatId } });
      dispatch({ type: "history", chatId, items: page.data, hasOlder: page.meta.hasOlder, older: false });
    } finally {
      loadingHistory.current.delete(chatId);
    }
  }, []);

  const loadOlder = useCallback(async (chatId: string) => {
    const held = stateRef.current.history[chatId];
    const first: ChatMessage | undefined = held?.items[0];
    if (!held?.hasOlder || !first || loadingHistory.current.has(chatId)) return;
    loadingHistory.current.add(chatId);
    try {
      const page = await api.chats.messages({ params: { id: chatId }, query: { before: first.seq } });
      dispatch({ type: "history", chatId, items: page.data, hasOlder: page.meta.hasOlder, older: true });
    } finally {
      loadingHistory.current.delete(chatId);
    }
  }, []);

  const markRead = useCallback(
    (chatId: string, seq: number) => {
      const chat = stateRef.current.chats[chatId];
      if (!chat || (chat.me.lastReadSeq >= seq && chat.me.unreadCount === 0)) return;
      dispatch({ type: "read", chatId, profileId: chat.me.profileId, seq });
      void api.chats
        .read({ params: { id: chatId }, body: { seq } })
        .then(refreshUnread)
        .catch(() => undefined);
    },
    [refreshUnread],
  );

  const value = useMemo<ChatsContextValue>(
    () => ({
      state,
      dispatch,
      listError: listErrorRef.current,
      connected,
      reconnect,
      openHistory,
      loadOlder,
      markRead,
      refreshChat,
    }),
    [state, connected, reconnect, openHistory, loadOlder, markRead, refreshChat],
  );
  return <ChatsContext.Provider value={value}>{children}</ChatsContext.Provider>;
}
