/**
 * What /chats holds, as one reducer (pure, unit-tested): the conversations known, the loaded
 * history of each, who is typing, and the catch-up cursor. The first list page, history pages,
 * live events (§7 chats.*) and catch-up pages (GET /chats/missed) all go through it, so they
 * merge by the same rules (chat-rules.ts) whichever arrives first.
 */
import type { Chat, ChatMessage, ChatNote } from "@vn/contract";
import { byCodeUnits } from "../../lib/order";
import { highestChangeSeq, mergeMessages, newerChat, withMessage, withRead } from "./chat-rules";

export interface History {
  items: ChatMessage[];
  /** Older messages exist above the first one held. */
  hasOlder: boolean;
}

export interface ChatsState {
  chats: Record<string, Chat>;
  history: Record<string, History>;
  /** chatId → profileId → until (ms) of the typing signals heard. */
  typing: Record<string, Record<string, number>>;
  /** A company inbox's internal notes per conversation, once its panel loaded them. */
  notes: Record<string, ChatNote[]>;
  /** The highest changeSeq held: GET /chats/missed?after= asks from here. */
  cursor: number;
  /** The first list pages came. */
  loaded: boolean;
}

export type ChatsAction =
  | { type: "listed"; chats: Chat[] }
  | { type: "chat"; chatId: string; chat: Chat | null }
  | { type: "history"; chatId: string; items: ChatMessage[]; hasOlder: boolean; older: boolean }
  | { type: "message"; message: ChatMessage }
  | { type: "read"; chatId: string; profileId: string; seq: number }
  | { type: "typing"; chatId: string; profileId: string; until: number }
  | { type: "missed"; messages: ChatMessage[]; chats: Chat[]; cursor: number }
  | { type: "notes"; chatId: string; notes: ChatNote[] }
  | { type: "note"; note: ChatNote };

export const initialChatsState: ChatsState = {
  chats: {},
  history: {},
  typing: {},
  notes: {},
  cursor: 0,
  loaded: false,
};

/** Notes by id, oldest first (a note heard live and again in the loaded list counts once). */
function mergeNotes(held: readonly ChatNote[], incoming: readonly ChatNote[]): ChatNote[] {
  const byId = new Map([...held, ...incoming].map((note) => [note.id, note]));
  return [...byId.values()].sort((a, b) => byCodeUnits(a.createdAt, b.createdAt) || byCodeUnits(a.id, b.id));
}

function upsertChats(held: Record<string, Chat>, incoming: readonly Chat[]): Record<string, Chat> {
  if (incoming.length === 0) return held;
  const next = { ...held };
  for (const chat of incoming) next[chat.id] = newerChat(held[chat.id], chat);
  return next;
}

function applyMessages(state: ChatsState, incoming: readonly ChatMessage[]): ChatsState {
  if (incoming.length === 0) return state;
  const chats = { ...state.chats };
  const history = { ...state.history };
  const typing = { ...state.typing };
  for (const message of incoming) {
    const chat = chats[message.chatId];
    if (chat) chats[message.chatId] = withMessage(chat, message);
    const held = history[message.chatId];
    // A history not loaded yet will load whole; merging one message into nothing would fake it.
    if (held) history[message.chatId] = { ...held, items: mergeMessages(held.items, [message]) };
    // Who sent a message has stopped typing it.
    const typers = typing[message.chatId];
    if (typers?.[message.sender.id]) {
      const { [message.sender.id]: _sent, ...rest } = typers;
      typing[message.chatId] = rest;
    }
  }
  return { ...state, chats, history, typing };
}

export function chatsReducer(state: ChatsState, action: ChatsAction): ChatsState {
  switch (action.type) {
    case "listed":
      return {
        ...state,
        chats: upsertChats(state.chats, action.chats),
        cursor: state.loaded ? state.cursor : highestChangeSeq(state.cursor, action.chats, []),
        loaded: true,
      };
    case "chat": {
      if (action.chat === null) {
        const { [action.chatId]: _gone, ...chats } = state.chats;
        const { [action.chatId]: _history, ...history } = state.history;
        return { ...state, chats, history };
      }
      return { ...state, chats: upsertChats(state.chats, [action.chat]) };
    }
    case "history": {
      const held = state.history[action.chatId];
      const items = mergeMessages(held?.items ?? [], action.items);
      // Only a page of older messages says whether more lie above; the newest page says it on first load.
      const hasOlder = action.older || !held ? action.hasOlder : held.hasOlder;
      return { ...state, history: { ...state.history, [action.chatId]: { items, hasOlder } } };
    }
    case "message": {
      const next = applyMessages(state, [action.message]);
      return { ...next, cursor: Math.max(next.cursor, action.message.changeSeq) };
    }
    case "read": {
      const chat = state.chats[action.chatId];
      if (!chat) return state;
      return {
        ...state,
        chats: { ...state.chats, [action.chatId]: withRead(chat, action.profileId, action.seq) },
      };
    }
    case "typing":
      return {
        ...state,
        typing: {
          ...state.typing,
          [action.chatId]: { ...state.typing[action.chatId], [action.profileId]: action.until },
        },
      };
    case "missed": {
      const withChats = { ...state, chats: upsertChats(state.chats, action.chats) };
      const next = applyMessages(withChats, action.messages);
      return { ...next, cursor: Math.max(next.cursor, action.cursor) };
    }
    case "notes":
      return {
        ...state,
        notes: {
          ...state.notes,
          [action.chatId]: mergeNotes(state.notes[action.chatId] ?? [], action.notes),
        },
      };
    case "note": {
      const held = state.notes[action.note.chatId];
      // Notes not loaded yet load whole when the panel opens; one note into nothing would fake it.
      if (!held) return state;
      return { ...state, notes: { ...state.notes, [action.note.chatId]: mergeNotes(held, [action.note]) } };
    }
  }
}

/** The profiles typing in a conversation at `now`. */
export function typingNow(state: ChatsState, chatId: string, now: number): string[] {
  return Object.entries(state.typing[chatId] ?? {})
    .filter(([, until]) => until > now)
    .map(([profileId]) => profileId);
}
