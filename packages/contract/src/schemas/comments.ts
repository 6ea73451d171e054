import { z } from "zod";
import { COMMENT_BODY_MAX, COMMENT_MAX_LINE_BREAKS } from "../comments";
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from "../constants";
import { commentsModes, contentKinds, privacyLevels } from "../enums";
import { mediaStatuses } from "../media";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { cleanText } from "../text";
import { userText } from "./common";
import { imageUrlsSchema } from "./media";
import { contentRoomRefSchema } from "./realtime";

/**
 * Comments (spec §3 "Comment target", "Comments dialog"; §4 comments; §6 comment limit; §7 the
 * comments.* socket events). One level of threads: a reply to a reply joins the same thread.
 */

export const commentBodySchema = userText({ error: sharedMessages.fieldRequired })
  .transform(cleanText)
  .pipe(
    z
      .string()
      .min(1, sharedMessages.fieldRequired)
      .max(COMMENT_BODY_MAX, format(sharedMessages.maxChars, { count: COMMENT_BODY_MAX }))
      .refine(
        (v) => (v.match(/\n/g)?.length ?? 0) <= COMMENT_MAX_LINE_BREAKS,
        format(validationMessages.maxLineBreaks, { count: COMMENT_MAX_LINE_BREAKS }),
      ),
  );

/**
 * The text of a comment that may carry an image: empty is allowed here, and the request schema
 * asks for text or an image (an image-only comment is fine, as on other networks).
 */
export const commentTextSchema = userText()
  .default("")
  .transform(cleanText)
  .pipe(
    z
      .string()
      .max(COMMENT_BODY_MAX, format(sharedMessages.maxChars, { count: COMMENT_BODY_MAX }))
      .refine(
        (v) => (v.match(/\n/g)?.length ?? 0) <= COMMENT_MAX_LINE_BREAKS,
        format(validationMessages.maxLineBreaks, { count: COMMENT_MAX_LINE_BREAKS }),
      ),
  );

/** A media id of the caller's own upload of type comment_content_image (one image per comment). */
export const commentImageIdSchema = userText().min(1).max(100);

export const commentCreateRequestSchema = z
  .object({
    body: commentTextSchema,
    /** Reply mode: the comment answered. A reply to a reply joins that reply's thread. */
    parentId: userText().min(1).max(100).optional(),
    /** The comment's image: a `comment_content_image` upload of the acting profile, not used before. */
    imageId: commentImageIdSchema.optional(),
  })
  .superRefine((value, context) => {
    if (!value.body && !value.imageId)
      context.addIssue({ code: "custom", path: ["body"], message: sharedMessages.fieldRequired });
  });
export type CommentCreateRequest = z.input<typeof commentCreateRequestSchema>;
/**
 * An edit: the text, and the image when it changes (absent keeps it, null removes it, an id
 * replaces it). A comment keeps text or an image; the API checks that against the stored image.
 */
export const commentUpdateRequestSchema = z.object({
  body: commentTextSchema,
  imageId: commentImageIdSchema.nullable().optional(),
});
export type CommentUpdateRequest = z.input<typeof commentUpdateRequestSchema>;

/** A comment's image: its variants (the URLs are null until the file is ready). */
export const commentImageSchema = z.object({
  id: z.string(),
  status: z.enum(mediaStatuses),
  width: z.number().nullable(),
  height: z.number().nullable(),
  urls: imageUrlsSchema,
});
export type CommentImage = z.infer<typeof commentImageSchema>;

export const commentAuthorSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(["user", "company"]),
  verificationStatus: z.string(),
  image: z.object({ urls: z.object({ preview: z.string() }) }).nullable(),
});

/**
 * One comment as everybody may see it. Socket events carry exactly this; REST answers add
 * `permissions` for the viewer who asked.
 */
export const commentSchema = z
  .object({
    id: z.string(),
    contentId: z.string(),
    parentId: z.string().nullable(),
    body: z.string(),
    author: commentAuthorSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    edited: z.boolean(),
    pinned: z.boolean(),
    replyCount: z.number(),
    /** The comment's one image, or null. */
    image: commentImageSchema.nullable(),
    permissions: z.object({ edit: z.boolean(), delete: z.boolean(), pin: z.boolean() }).optional(),
  })
  .meta({ id: "Comment" });
export type Comment = z.infer<typeof commentSchema>;
export const commentResponseSchema = z.object({
  data: commentSchema,
  meta: z.object({ totalCount: z.number() }),
});

export const commentListQuerySchema = z.object({
  /** Keyset cursor from meta.nextCursor (infinite scroll); wins over page. */
  cursor: userText().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
});
export const commentListMetaSchema = z.object({
  /** Every visible comment of the item, replies included (the counter). */
  totalCount: z.number(),
  /** Pages of top-level comments at this perPage (§3 counters). */
  totalPages: z.number(),
  page: z.number(),
  perPage: z.number(),
  nextCursor: z.string().nullable(),
});
export const commentListResponseSchema = z.object({
  data: z.array(commentSchema),
  meta: commentListMetaSchema,
});

/** Why the viewer may not write a comment (null = they may). */
export const commentBlockReasons = [
  "signInRequired",
  "off",
  "limited",
  "limitReached",
  "unavailable",
] as const;

/** §3 "Comment target": how a page names the item whose comments it opens. */
export const commentTargetQuerySchema = z.object({
  ownerSlug: userText().min(1).max(254),
  commentableType: z.enum(contentKinds),
  commentableSlug: userText().min(1).max(254),
});
export type CommentTarget = z.infer<typeof commentTargetQuerySchema>;

/** §3 "Comments dialog": the state the dialog opens with. */
export const commentsDialogSchema = z
  .object({
    ownerSlug: z.string(),
    commentableId: z.string(),
    commentableType: z.string(),
    commentableSlug: z.string(),
    isOwnerEntity: z.boolean(),
    entityStatus: z.string(),
    ownerPrivacyId: z.enum(privacyLevels).default("public_verified"),
    isReplyActive: z.boolean(),
    commentsMode: z.enum(commentsModes),
    canComment: z.boolean(),
    cannotCommentReason: z.enum(commentBlockReasons).nullable(),
    totalCount: z.number(),
    totalPages: z.number(),
    perPage: z.number(),
    /** Join this with join-content-room for live comments (§7). */
    room: contentRoomRefSchema,
  })
  .meta({ id: "CommentsDialog" });
export type CommentsDialog = z.infer<typeof commentsDialogSchema>;
export const commentsDialogResponseSchema = z.object({ data: commentsDialogSchema });

// Socket payloads (§7 comments.*; §5 every payload travels as the single item of the args array) ---

/** comments.created, comments.replied, comments.updated, comments.pinned, comments.unpinned. */
export type CommentEvent = {
  room: z.infer<typeof contentRoomRefSchema>;
  contentId: string;
  comment: Comment;
  /** The item's comment counter after this change. */
  totalCount: number;
};
/** comments.deleted: the comment and, for a thread's head, its replies. */
export type CommentDeletedEvent = {
  room: z.infer<typeof contentRoomRefSchema>;
  contentId: string;
  commentId: string;
  parentId: string | null;
  deletedIds: string[];
  totalCount: number;
};
