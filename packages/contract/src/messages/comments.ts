/**
 * Strings of the web's comments feature (apps/web/src/features/comments).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const commentsMessages = {
  // §8 user messages
  commentLimitReached: "This post has reached the maximum number of comments.",

  // Social layer (issue 6): follows, blocks, reactions, comments, reports. Texts the spec does not
  // give, in the product's voice (docs/decisions/0004-message-texts.md).
  commentsOff: "Comments are turned off for this publication.",
  commentsLimited: "Only followers and verified profiles can comment on this publication.",

  // Web: the social layer (issue 6). Texts the spec does not give.
  commentsHeading: "Comments",
  commentsCount: "{count} comments",
  commentsCountOne: "{count} comment",
  commentsOpenAction: "Comments",
  commentPlaceholder: "Add a comment…",
  replyPlaceholder: "Write a reply…",
  commentFieldLabel: "Your comment",
  replyFieldLabel: "Your reply to {name}",
  commentSubmit: "Comment",
  replySubmit: "Post reply",
  replyAction: "Reply",
  replyingTo: "Replying to {name}",
  pinAction: "Pin",
  unpinAction: "Unpin",
  pinnedLabel: "Pinned",
  editedLabel: "Edited",
  saveAction: "Save",
  commentActions: "Comment actions",
  deleteCommentTitle: "Delete this comment?",
  deleteCommentBody: "Its replies are deleted with it. This cannot be undone.",
  showReplies: "Show replies ({count})",
  hideReplies: "Hide replies",
  loadMoreComments: "Show more comments",
  commentsEmpty: "No comments yet. Start the conversation.",
  commentSignIn: "Sign in to join the conversation.",
  commentLimitTitle: "Comment limit reached",
  commentsUnavailable: "Comments are not available for this publication.",

  // Back-office records (issue 16): dashboard, leads, feedback, audit log
  liveModeNoInteraction: "Interaction is off while you view your profile as a visitor.",

  // Media (issue 5): labels of the upload fields, the crop dialog, the file viewer and the players.
  // Texts the spec does not give, in the product's voice.
  commentImageAlt: "Image in {name}'s comment",
} as const;
