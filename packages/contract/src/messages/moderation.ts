/**
 * Strings of the web's moderation feature (apps/web/src/features/moderation).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const moderationMessages = {
  // Trust and safety (issue 16): the review queue, strikes and appeals. Texts the spec does not give.
  moderationAppealLinkInvalid:
    "This appeal link is not valid any more. If you have already appealed, we will email you the outcome.",
  moderationReasonSpam: "Spam",
  moderationReasonHarassment: "Harassment or bullying",
  moderationReasonHate: "Hate speech",
  moderationReasonViolence: "Violence",
  moderationReasonMisinformation: "False information",
  moderationReasonImpersonation: "Impersonation",
  moderationReasonNudity: "Nudity or sexual content",
  moderationReasonIntellectualProperty: "Intellectual property",
  moderationReasonIllegal: "Illegal content",
  moderationReasonOther: "Breaking our rules",
  strikesIntro:
    "Decisions our moderators made about your account or what you shared, and why. You can appeal each decision once.",
  strikesEmpty: "Our moderators have not taken any action on your account.",
  strikeMessageLabel: "Message from our moderators",
  strikeEndsAt: "Until {date}",
  strikeDecidedOn: "Decided {date}",
  strikeAppealAction: "Appeal this decision",
  strikeAppealTitle: "Appeal the decision",
  strikeAppealText:
    "Tell us why you think the decision is wrong. Another moderator will review it; you can appeal once.",
  strikeAppealPending: "Your appeal is being reviewed.",
  strikeAppealGranted: "Your appeal was granted and the decision was reversed.",
  strikeAppealDenied: "Your appeal was reviewed and the decision stands.",
  strikeAppealSent: "Your appeal was sent. We will let you know the outcome.",
  strikeSubjectContent: "A publication",
  strikeSubjectComment: "A comment",
  strikeSubjectProfile: "Your profile",
  strikeSubjectMessage: "A message",
  contentRemovedTitle: "This publication was removed",
  contentRemovedText: "Our moderators removed it. Only you can see this notice.",
  contentRemovedAppeal: "See why and appeal",
  appealLinkTitle: "Appeal a suspension",
  appealLinkIntro: "Your account was suspended. You can appeal once; we will email you the outcome.",
} as const;
