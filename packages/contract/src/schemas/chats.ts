import { z } from "zod";
import { mediaStatuses } from "../media";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import {
  CHAT_ATTACHMENTS_MAX,
  CHAT_LIST_PER_PAGE,
  CHAT_LIST_PER_PAGE_MAX,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES_PER_PAGE,
  CHAT_MESSAGES_PER_PAGE_MAX,
  CHAT_NOTE_MAX,
  CHAT_TITLE_MAX,
  CHAT_TITLE_MIN,
  chatFolders,
  chatKinds,
  chatMemberRoles,
  chatMemberStates,
  chatRequestAnswers,
  chatRequestStates,
  messagePolicies,
} from "../messenger";
import { cleanText } from "../text";
import { requiredText, userText } from "./common";
import { mediaUrlsSchema } from "./media";

/**
 * The messenger (issue 15; docs/decisions/0021-messenger.md): conversations between profiles,
 * message requests, groups, company inboxes, catching up after a dropped socket. Requests and
 * answers of /api/v1/chats; the socket payloads are in chat-events.ts.
 */

// Requests --------------------------------------------------------------------------------------

/** A message's text: cleaned (§5), up to CHAT_MESSAGE_MAX; may be empty when files go with it. */
export const chatMessageTextSchema = userText()
  .default("")
  .transform(cleanText)
  .pipe(z.string().max(CHAT_MESSAGE_MAX, format(sharedMessages.maxChars, { count: CHAT_MESSAGE_MAX })));

/** Media ids of the sender's own uploads of a chat attachment type (messenger.ts). */
export const chatAttachmentIdsSchema = z
  .array(userText().min(1).max(100))
  .max(
    CHAT_ATTACHMENTS_MAX,
    format(validationMessages.chatTooManyAttachments, { count: CHAT_ATTACHMENTS_MAX }),
  )
  .default([]);

/** A sender's own id of a message: a retried send with the same one is stored once. */
export const chatClientIdSchema = userText().min(1).max(64);

export const chatSendRequestSchema = z
  .object({
    clientId: chatClientIdSchema,
    body: chatMessageTextSchema,
    attachmentIds: chatAttachmentIdsSchema,
  })
  .superRefine((value, context) => {
    if (!value.body && value.attachmentIds.length === 0)
      context.addIssue({ code: "custom", path: ["body"], message: sharedMessages.fieldRequired });
    if (new Set(value.attachmentIds).size !== value.attachmentIds.length)
      context.addIssue({ code: "custom", path: ["attachmentIds"], message: validationMessages.alreadyAdded });
  });
export type ChatSendRequest = z.input<typeof chatSendRequestSchema>;

/** An edit changes the text only; a message keeps text or its files (the API checks the files). */
export const chatEditRequestSchema = z.object({ body: chatMessageTextSchema });
export type ChatEditRequest = z.input<typeof chatEditRequestSchema>;

/** Opens the direct conversation with one profile, or answers the one that exists. */
export const chatStartRequestSchema = z.object({ with: userText().min(1).max(100) });
export type ChatStartRequest = z.input<typeof chatStartRequestSchema>;

export const chatTitleSchema = requiredText(CHAT_TITLE_MIN, CHAT_TITLE_MAX);

/** A group: a title and the handles of its first members (the creator joins by itself). */
export const chatGroupCreateRequestSchema = z.object({
  title: chatTitleSchema,
  members: z.array(userText().min(1).max(100)).min(1, sharedMessages.fieldRequired).max(100),
});
export type ChatGroupCreateRequest = z.input<typeof chatGroupCreateRequestSchema>;

export const chatRenameRequestSchema = z.object({ title: chatTitleSchema });
export const chatAddMembersRequestSchema = z.object({
  members: z.array(userText().min(1).max(100)).min(1, sharedMessages.fieldRequired).max(100),
});
export const chatMemberParamsSchema = z.object({
  id: userText().min(1).max(100),
  profileId: userText().min(1).max(100),
});
export const chatMessageParamsSchema = z.object({
  id: userText().min(1).max(100),
  messageId: userText().min(1).max(100),
});

export const chatRequestAnswerSchema = z.object({ answer: z.enum(chatRequestAnswers) });
export const chatReadRequestSchema = z.object({ seq: z.coerce.number().int().min(0) });
export const chatAssignRequestSchema = z.object({ userId: userText().min(1).max(100).nullable() });
export const chatNoteRequestSchema = z.object({ body: requiredText(1, CHAT_NOTE_MAX) });
export const chatReportRequestSchema = z.object({
  reason: userText().min(1).max(64),
  description: userText().transform(cleanText).pipe(z.string().max(2000)).optional(),
});

export const chatListQuerySchema = z.object({
  folder: z.enum(chatFolders).default("inbox"),
  /** Full-text search over titles, member names and the messages the member may read. */
  search: userText().trim().max(200).optional(),
  cursor: userText().max(200).optional(),
  perPage: z.coerce.number().int().min(1).max(CHAT_LIST_PER_PAGE_MAX).default(CHAT_LIST_PER_PAGE),
});
export type ChatListQuery = z.input<typeof chatListQuerySchema>;

/** History pages by seq: older than `before` (scrolling up), or newer than `after`. */
export const chatMessagesQuerySchema = z.object({
  before: z.coerce.number().int().min(1).optional(),
  after: z.coerce.number().int().min(0).optional(),
  perPage: z.coerce.number().int().min(1).max(CHAT_MESSAGES_PER_PAGE_MAX).default(CHAT_MESSAGES_PER_PAGE),
});
export const chatMissedQuerySchema = z.object({ after: z.coerce.number().int().min(0) });

export const messagingSettingsSchema = z
  .object({
    messagePolicy: z.enum(messagePolicies),
    /** A daily mail of unread messages (opt-in). */
    chatDigest: z.boolean(),
  })
  .meta({ id: "MessagingSettings" });
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;
export const messagingSettingsPatchSchema = messagingSettingsSchema.partial();

// Answers ---------------------------------------------------------------------------------------

export const chatProfileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(["user", "company"]),
  verificationStatus: z.string(),
  image: z.object({ urls: z.object({ preview: z.string() }) }).nullable(),
});
export type ChatProfile = z.infer<typeof chatProfileSchema>;

export const chatAttachmentSchema = z.object({
  id: z.string(),
  kind: z.enum(["image", "video", "audio", "document"]),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  status: z.enum(mediaStatuses),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** Short-lived signed URLs: the files are the conversation's, never public. */
  urls: mediaUrlsSchema,
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatMessageSchema = z
  .object({
    id: z.string(),
    /** The one order of a conversation, the history cursor and the catch-up cursor. */
    seq: z.number(),
    /** Moves on every change of the message (sent, edited, deleted): GET /chats/missed reads it. */
    changeSeq: z.number(),
    chatId: z.string(),
    sender: chatProfileSchema,
    /**
     * The member who wrote it for a company ("Anna for Northwind"): only the company's own
     * members see it, never the other side.
     */
    senderUser: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** The sender's own id of the message (only the sending profile sees it). */
    clientId: z.string().nullable(),
    body: z.string(),
    attachments: z.array(chatAttachmentSchema),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    /** Deleted for everyone: the text and files are gone, the tombstone keeps the history whole. */
    deletedAt: z.string().nullable(),
  })
  .meta({ id: "ChatMessage" });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMemberSchema = z.object({
  profile: chatProfileSchema,
  role: z.enum(chatMemberRoles),
  state: z.enum(chatMemberStates),
  /** Read receipts: the last message this member has read. */
  lastReadSeq: z.number(),
});
export type ChatMember = z.infer<typeof chatMemberSchema>;

export const chatSchema = z
  .object({
    id: z.string(),
    kind: z.enum(chatKinds),
    /** Groups only. */
    title: z.string().nullable(),
    createdBy: z.string(),
    members: z.array(chatMemberSchema),
    lastMessage: chatMessageSchema.nullable(),
    lastMessageSeq: z.number(),
    lastMessageAt: z.string().nullable(),
    /** Moves on every change of the conversation or its messages (catch-up cursor). */
    changeSeq: z.number(),
    createdAt: z.string(),
    /** The viewer's own membership. */
    me: z.object({
      profileId: z.string(),
      state: z.enum(chatMemberStates),
      request: z.enum(chatRequestStates),
      lastReadSeq: z.number(),
      unreadCount: z.number(),
      /** Company inboxes: the member of the company the conversation is assigned to. */
      assignedTo: z.object({ userId: z.string(), name: z.string() }).nullable(),
    }),
    /** May the viewer write here now? Null when they may; else the error code a send answers. */
    cannotWrite: z.string().nullable(),
  })
  .meta({ id: "Chat" });
export type Chat = z.infer<typeof chatSchema>;

export const chatResponseSchema = z.object({ data: chatSchema });
export const chatListResponseSchema = z.object({
  data: z.array(chatSchema),
  meta: z.object({ nextCursor: z.string().nullable(), perPage: z.number() }),
});
export const chatMessageResponseSchema = z.object({ data: chatMessageSchema });
export const chatMessagesResponseSchema = z.object({
  data: z.array(chatMessageSchema),
  meta: z.object({
    /** Older messages exist before the first one of this page. */
    hasOlder: z.boolean(),
    /** Newer messages exist after the last one of this page. */
    hasNewer: z.boolean(),
  }),
});
export const chatMissedResponseSchema = z.object({
  data: z.object({
    /** New, edited and deleted messages since `after`, by changeSeq. */
    messages: z.array(chatMessageSchema),
    /** Conversations that changed since `after` (title, members, requests, reads). */
    chats: z.array(chatSchema),
    /**
     * Ask again with this as `after`: the largest changeSeq seen, held below any change still being
     * written (so a late commit is never skipped), or `after` itself. Changes above it may come
     * again next time: keep the newest by id. Keep this cursor, not the largest seq heard live.
     */
    cursor: z.number(),
    hasMore: z.boolean(),
  }),
});
export const chatReadResponseSchema = z.object({
  data: z.object({ chatId: z.string(), lastReadSeq: z.number(), unreadCount: z.number() }),
});
export const chatUnreadResponseSchema = z.object({
  data: z.object({
    /** Conversations with unread messages (the header's count). */
    conversations: z.number(),
    /** Message requests waiting for an answer. */
    requests: z.number(),
  }),
});
export const messagingSettingsResponseSchema = z.object({ data: messagingSettingsSchema });

export const chatNoteSchema = z
  .object({
    id: z.string(),
    chatId: z.string(),
    author: z.object({ id: z.string(), name: z.string() }),
    body: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "ChatNote" });
export type ChatNote = z.infer<typeof chatNoteSchema>;
export const chatNoteResponseSchema = z.object({ data: chatNoteSchema });
export const chatNotesResponseSchema = z.object({ data: z.array(chatNoteSchema) });

/** Whether the acting profile may message a profile (the connect tab asks before it shows "Message"). */
export const chatAccessResponseSchema = z.object({
  data: z.object({
    allowed: z.boolean(),
    /** The refusal's code when not allowed (chat_unavailable, user_notVerified, …). */
    code: z.string().nullable(),
    /** The direct conversation that exists already, if any. */
    chatId: z.string().nullable(),
  }),
});
