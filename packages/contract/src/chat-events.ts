import type { Chat, ChatMessage, ChatNote } from "./schemas/chats";

/**
 * The messenger's socket payloads (§7 chats.*; §5 each travels as the single item of the args
 * array). Sent to the profile room of every active member; a company's room reaches only the
 * sockets of its members who hold the `chats` scope.
 */

/** A new message in a conversation of the profile. */
export interface ChatMessageCreatedEvent {
  chatId: string;
  message: ChatMessage;
}

/**
 * The conversation changed: title, members, a request answered, an assignment, or one of its
 * messages was edited or deleted (`message` is then the changed message). `chat` is as the
 * receiving profile sees it; null when the profile may no longer see it (removed, declined).
 * `note` is an internal note just written in a company inbox: sent to that company's room only
 * (its members holding `chats`), never to the other side.
 */
export interface ChatUpdatedEvent {
  chatId: string;
  chat: Chat | null;
  message?: ChatMessage;
  note?: ChatNote;
}

/** A member read up to `seq` (read receipts). */
export interface ChatReadEvent {
  chatId: string;
  profileId: string;
  seq: number;
}

/** Someone is typing (relayed, never stored). */
export interface ChatTypingEvent {
  chatId: string;
  profileId: string;
}
