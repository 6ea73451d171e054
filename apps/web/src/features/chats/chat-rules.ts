/**
 * The messenger's pure rules on the web (issue 15; docs/decisions/0021-messenger.md): how live
 * events and catch-up pages merge into what the screen holds (by seq and changeSeq, never twice),
 * the edit window, the composer's limits, and grouping messages into runs. No React here, so the
 * unit tests read them directly.
 */
import {
  CHAT_EDIT_WINDOW_MINUTES,
  CHAT_MESSAGE_MAX,
  type Chat,
  type ChatMessage,
  format,
} from "@vn/contract";
import { chatsMessages } from "@vn/contract/messages/chats";
import { commonMessages } from "@vn/contract/messages/common";
import { byCodeUnits } from "../../lib/order";

/** The characters left at which the composer starts showing its counter. */
export const COMPOSER_COUNTER_FROM = 200;
/** Two messages of one sender this close together share one run (one name and avatar). */
export const RUN_GAP_MS = 5 * 60_000;
/** The typing signal is sent at most this often while typing, and shown this long after. */
export const TYPING_SEND_EVERY_MS = 3000;
export const TYPING_SHOW_MS = 6000;

/**
 * One conversation's messages ascending by seq, with `incoming` merged in: a message already held
 * is replaced only by a newer version of it (a higher changeSeq: an edit or a delete), so a live
 * event and a catch-up page carrying the same message keep one copy, and a stale copy never wins.
 */
export function mergeMessages(held: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return held as ChatMessage[];
  const bySeq = new Map<number, ChatMessage>();
  for (const message of held) bySeq.set(message.seq, message);
  for (const message of incoming) {
    const known = bySeq.get(message.seq);
    if (!known || message.changeSeq > known.changeSeq) bySeq.set(message.seq, message);
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The conversation as given, unless the one held is newer (a late event must not undo a change). */
export function newerChat(held: Chat | undefined, incoming: Chat): Chat {
  return held && held.changeSeq > incoming.changeSeq ? held : incoming;
}

/** Newest activity first; a conversation with no message yet counts from its creation. */
export function sortChats(chats: readonly Chat[]): Chat[] {
  const at = (chat: Chat) => Date.parse(chat.lastMessageAt ?? chat.createdAt);
  return [...chats].sort((a, b) => at(b) - at(a) || byCodeUnits(b.id, a.id));
}

/** Waiting for the viewer's answer: shown under Requests, not in the inbox. */
export function isRequest(chat: Chat): boolean {
  return chat.me.request === "pending";
}

/** The catch-up cursor: the highest changeSeq of anything held. */
export function highestChangeSeq(
  current: number,
  chats: readonly Chat[],
  items: readonly ChatMessage[],
): number {
  let highest = current;
  for (const chat of chats) highest = Math.max(highest, chat.changeSeq);
  for (const message of items) highest = Math.max(highest, message.changeSeq);
  return highest;
}

/** The sender may still edit: their own, not deleted, within CHAT_EDIT_WINDOW_MINUTES. */
export function canEdit(message: ChatMessage, myProfileId: string, now: number = Date.now()): boolean {
  if (message.sender.id !== myProfileId || message.deletedAt) return false;
  return now - Date.parse(message.createdAt) < CHAT_EDIT_WINDOW_MINUTES * 60_000;
}

/** Delete for everyone: the sender's own message, at any time, once. */
export function canDelete(message: ChatMessage, myProfileId: string): boolean {
  return message.sender.id === myProfileId && !message.deletedAt;
}

export interface ComposerState {
  /** Characters left (negative when over). */
  left: number;
  /** The counter shows near the limit. */
  showCounter: boolean;
  /** Text or files, within the limit, and no upload in flight. */
  canSend: boolean;
}

/** The composer's rules: 4,000 characters (the trimmed text counts, as the API cleans it). */
export function composerState(text: string, attachments: number, uploading: boolean): ComposerState {
  const length = text.trim().length;
  const left = CHAT_MESSAGE_MAX - length;
  return {
    left,
    showCounter: left <= COMPOSER_COUNTER_FROM,
    canSend: !uploading && left >= 0 && (length > 0 || attachments > 0),
  };
}

/** Consecutive messages of one sender within RUN_GAP_MS form a run: the name shows once per run. */
export function groupRuns(items: readonly ChatMessage[]): ChatMessage[][] {
  const runs: ChatMessage[][] = [];
  for (const message of items) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (
      run &&
      last &&
      last.sender.id === message.sender.id &&
      Date.parse(message.createdAt) - Date.parse(last.createdAt) <= RUN_GAP_MS
    )
      run.push(message);
    else runs.push([message]);
  }
  return runs;
}

/** The name a conversation goes by: a group's title, else the other members' names. */
export function chatName(chat: Chat): string {
  if (chat.kind === "group" && chat.title) return chat.title;
  const others = chat.members.filter((m) => m.profile.id !== chat.me.profileId);
  return others.map((m) => m.profile.name).join(", ") || chat.title || "";
}

/** The profile pictured beside a direct conversation (the other side). */
export function chatPeer(chat: Chat) {
  return chat.members.find((m) => m.profile.id !== chat.me.profileId)?.profile ?? null;
}

/** The line under a conversation's name in the list. */
export function lastMessageLine(chat: Chat): string {
  const last = chat.lastMessage;
  if (!last) return "";
  if (last.deletedAt) return chatsMessages.chatMessageDeleted;
  const text = last.body || chatsMessages.chatAttachmentOnly;
  return last.sender.id === chat.me.profileId ? `${chatsMessages.chatsYou}: ${text}` : text;
}

/**
 * "Seen" under the viewer's newest message that every other active member has read (a direct
 * conversation: the other side). Returns that message's seq, or null.
 */
export function seenSeq(chat: Chat, items: readonly ChatMessage[]): number | null {
  const others = chat.members.filter((m) => m.profile.id !== chat.me.profileId && m.state === "active");
  if (others.length === 0) return null;
  const readUpTo = Math.min(...others.map((m) => m.lastReadSeq));
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const message = items[index];
    if (message && message.sender.id === chat.me.profileId && !message.deletedAt)
      return message.seq <= readUpTo ? message.seq : null;
  }
  return null;
}

/** A read receipt applied to the conversation held (a member's lastReadSeq only moves forward). */
export function withRead(chat: Chat, profileId: string, seq: number): Chat {
  const members = chat.members.map((m) =>
    m.profile.id === profileId && seq > m.lastReadSeq ? { ...m, lastReadSeq: seq } : m,
  );
  const me =
    profileId === chat.me.profileId && seq > chat.me.lastReadSeq
      ? { ...chat.me, lastReadSeq: seq, unreadCount: 0 }
      : chat.me;
  return { ...chat, members, me };
}

/** A new message applied to its conversation's summary in the list. */
export function withMessage(chat: Chat, message: ChatMessage): Chat {
  if (message.seq < chat.lastMessageSeq) return chat;
  const mine = message.sender.id === chat.me.profileId;
  const fresh = message.seq > chat.lastMessageSeq;
  return {
    ...chat,
    lastMessage: message,
    lastMessageSeq: message.seq,
    lastMessageAt: message.createdAt,
    me: {
      ...chat.me,
      unreadCount: fresh && !mine ? chat.me.unreadCount + 1 : chat.me.unreadCount,
      lastReadSeq: mine ? Math.max(chat.me.lastReadSeq, message.seq) : chat.me.lastReadSeq,
    },
  };
}

/** "Anna is typing…" for the members typing now (names of the profiles). */
export function typingLine(chat: Chat, typing: readonly string[]): string | null {
  const names = typing
    .filter((id) => id !== chat.me.profileId)
    .map((id) => chat.members.find((m) => m.profile.id === id)?.profile.name)
    .filter((name): name is string => Boolean(name));
  return names.length ? format(chatsMessages.chatsTyping, { name: names.join(", ") }) : null;
}

/** The refusal shown instead of the composer (the API's code for why the viewer cannot write). */
export function cannotWriteText(code: string | null): string | null {
  if (!code) return null;
  if (code === "chat_unavailable") return chatsMessages.chatUnavailable;
  if (code === "chat_notMember") return chatsMessages.chatNotMember;
  if (code === "account_accessForbiddenByPlan") return chatsMessages.accessForbiddenByPlan;
  if (code === "user_notVerified") return commonMessages.verificationBanner;
  if (code === "account_limited") return chatsMessages.accountLimited;
  return chatsMessages.chatsCannotWrite;
}

/** A client id for a send: a retried send with the same id is stored once. */
export function newClientId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
