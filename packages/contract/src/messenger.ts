/**
 * The messenger's numbers and names (issue 15; product decisions "Messenger";
 * docs/decisions/0021-messenger.md). One place for every limit the API enforces and the web shows.
 */

/** Characters of one message, after cleaning (product decisions). */
export const CHAT_MESSAGE_MAX = 4000;
/** Active members of a group, its creator included (product decisions). */
export const CHAT_GROUP_MAX = 50;
/** The sender may edit a message this long after sending it; delete for everyone has no limit. */
export const CHAT_EDIT_WINDOW_MINUTES = 15;
/** Files on one message (images and documents of the sender's own uploads). */
export const CHAT_ATTACHMENTS_MAX = 10;
/** A group's title. */
export const CHAT_TITLE_MIN = 1;
export const CHAT_TITLE_MAX = 100;
/** An internal note of a company inbox. */
export const CHAT_NOTE_MAX = 2000;
/** Messages a minute per conversation per account: stops floods, not people (decision 0021). */
export const CHAT_MESSAGES_PER_MINUTE = 30;
/** New conversations a day per account (LinkedIn-like: stops spam, not people). */
export const CHAT_NEW_PER_DAY = 50;
/** Typing signals a minute per socket that are relayed; more are dropped quietly. */
export const CHAT_TYPING_PER_MINUTE = 30;
/** Conversations per inbox page, and messages per history page. */
export const CHAT_LIST_PER_PAGE = 20;
export const CHAT_LIST_PER_PAGE_MAX = 50;
export const CHAT_MESSAGES_PER_PAGE = 30;
export const CHAT_MESSAGES_PER_PAGE_MAX = 100;
/** Changes per catch-up page (GET /chats/missed); `hasMore` asks for the next one. */
export const CHAT_MISSED_PAGE = 500;
/** A message still unread this long after it was sent becomes a notification. */
export const CHAT_UNREAD_NOTIFY_AFTER_SECONDS = 60;
/** Length of a message's excerpt in the inbox, notifications and the digest. */
export const CHAT_EXCERPT_MAX = 140;

/**
 * Upload types a message may carry: only the messenger's own `chat_attachment` (images and
 * documents, private to the conversation: signed URLs for its members, gone with the message).
 */
export const chatAttachmentUploadTypes = ["chat_attachment"] as const;

/** "Who can message me" (product decisions); the default lets any verified profile in. */
export const messagePolicies = ["everyone_verified", "following", "nobody"] as const;
export type MessagePolicy = (typeof messagePolicies)[number];
export const MESSAGE_POLICY_DEFAULT: MessagePolicy = "everyone_verified";

export const chatKinds = ["direct", "group"] as const;
export type ChatKind = (typeof chatKinds)[number];
export const chatMemberRoles = ["creator", "member"] as const;
export type ChatMemberRole = (typeof chatMemberRoles)[number];
export const chatMemberStates = ["active", "left", "removed"] as const;
export type ChatMemberState = (typeof chatMemberStates)[number];
/** A member's answer to a conversation opened by someone they do not follow. */
export const chatRequestStates = ["none", "pending", "accepted", "declined"] as const;
export type ChatRequestState = (typeof chatRequestStates)[number];
/** The two lists of /chats: conversations, and message requests waiting for an answer. */
export const chatFolders = ["inbox", "requests"] as const;
export type ChatFolder = (typeof chatFolders)[number];
/** What a member may answer a message request with. */
export const chatRequestAnswers = ["accept", "decline", "block"] as const;
export type ChatRequestAnswer = (typeof chatRequestAnswers)[number];
