/**
 * Strings of the web's forms feature (apps/web/src/features/forms).
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const formsMessages = {
  // Web: the social layer (issue 6). Texts the spec does not give.
  reportTitle: "Report",
  reportIntro: "Tell us what is wrong. Reports are confidential.",
  reportReasonLabel: "Reason",
  reportDescriptionLabel: "Details",
  reportReasonSpam: "Spam",
  reportReasonHarassment: "Harassment or bullying",
  reportReasonHate: "Hate speech",
  reportReasonViolence: "Violence",
  reportReasonMisinformation: "False information",
  reportReasonImpersonation: "Impersonation",
  reportReasonNudity: "Nudity or sexual content",
  reportReasonIntellectualProperty: "Intellectual property",
  reportReasonOther: "Something else",
} as const;
