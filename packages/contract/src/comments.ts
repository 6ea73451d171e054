/**
 * Comments' limits without schemas: zod-free, so the comment box does not load zod for them
 * (decision 0027). The schemas are in schemas/comments.ts.
 */

export const COMMENT_BODY_MAX = 3000;
export const COMMENT_MAX_LINE_BREAKS = 30;
/** Per account, per minute: more is a flood and answers 429 request_tooMany. */
export const COMMENTS_PER_MINUTE = 20;
