/**
 * Strings more than one feature of the web renders in the browser.
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const sharedMessages = {
  // §5 generic
  fieldRequired: "The field is required.",
  minChars: "Min {count} characters.",
  maxChars: "Max {count} characters.",

  // §5 email
  invalidEmail: "Invalid email address",
  bulkInviteMax: "You can invite at most {count} people at once.",

  // §5 password
  passwordsMustMatch: "Passwords must match.",

  // §5 handle
  handleInvalidFormat: "Handle may contain only Latin letters, digits, dots, hyphens and underscores.",

  // §5 other
  quoteNoteRequired: "Note should not be empty for quote",

  // §8 user messages
  nextPageFailed: "Looks like we could not load next page.",
  invalidToken: "Invalid token.",
  reportFailed: "Could not send the report. Please try again later.",

  // Accounts (issue 3): lifecycle, codes, settings. Texts the spec does not give, in the product's voice.
  codeSent: "We sent a 6-character code to {destination}.",
  invalidCountry: "Choose a country from the list.",
  passwordChanged: "Your password has been changed. Other devices were signed out.",
  accountDeleted: "Your account has been deleted. You can restore it by signing in again.",

  // Web: accounts screens (issue 3): sign-in and join, codes, password reset, lifecycle dialogs,
  // the create-profile wizard, the profile page, settings, the account switcher.
  nameLabel: "Full name",
  passwordHint: "At least {count} characters.",
  newPasswordLabel: "New password",
  newPasswordConfirmLabel: "Confirm new password",
  codeLabel: "6-character code",
  codeVerifying: "Verifying…",
  codeResend: "Send a new code",
  codeResendIn: "Send a new code in {seconds} s",

  // Staff second factor (issue 16): the sign-in step and the Settings section.
  wizardStepOf: "Step {current} of {total}",
  createProfileContinue: "Continue",
  photoLabel: "Profile photo",
  countryLabel: "Country",
  countryPlaceholder: "Select a country",
  aboutLabel: "About",
  saveAndContinue: "Save and continue",
  saving: "Saving…",
  saveChanges: "Save changes",
  verifyNow: "Verify my identity",
  verifiedBadge: "Verified",
  settingsTitle: "Settings",
  confirmChange: "Confirm",

  // Issue 11: an access change asks for the password, ends other sessions and can be undone
  companyNameLabel: "Company name",

  // Social layer (issue 6): follows, blocks, reactions, comments, reports. Texts the spec does not
  // give, in the product's voice (docs/decisions/0004-message-texts.md).
  reportRateLimited: "You have sent several reports recently. Please try again later.",
  reportSent: "Thank you. Our moderators will review your report.",

  // Web: accounts screens (issue 3), later additions.
  companyLogoLabel: "Company logo",

  // Issue 18: the content sections folders, questions and links; the sign-in dialog; the post overlay
  editAction: "Edit",
  deleteAction: "Delete",
  postBy: "Post by {name}",
  upgradePlan: "Upgrade plan",

  // Web: the social layer (issue 6). Texts the spec does not give.
  reportAction: "Report",
  reportSubmit: "Send report",

  // Sales leads (issue 16): the enterprise enquiry and ad consultation forms (§3, §9 ad offer)
  enquiryPhoneLabel: "Phone",
  enquiryTextLabel: "Your enquiry",
  adPhoneLabel: "Phone",
  adMonthlySpendLabel: "Monthly ad budget",
  adObjectivesLabel: "Campaign objectives",

  // Media (issue 5): labels of the upload fields, the crop dialog, the file viewer and the players.
  // Texts the spec does not give, in the product's voice.
  choosePhoto: "Upload photo",
  changePhoto: "Change photo",
  chooseLogo: "Upload logo",
  changeLogo: "Change logo",
  chooseImage: "Add image",
  removeImage: "Remove image",
  imageAlt: "Uploaded image",
  processing: "Processing… The preview appears when it is ready.",
  viewImage: "View image",
  removeEntry: "Remove {name}",

  // Identity verification (issue 12)
  verificationStart: "Start verification",
  appealAlreadySubmitted: "Your appeal has already been submitted.",

  // Billing (issue 13): API answers
  cardNumberInvalid: "Your card number is incorrect.",
  cardExpiryInvalid: "Your card's expiration date is incorrect.",
  cardCvcInvalid: "Your card's security code is incorrect.",

  // Billing (issue 13): add-ons, badge, creator application (API answers)
  appealMessageLabel: "Your message",
  appealSubmit: "Send appeal",
  companyVerificationTitle: "Verify your company",
  verificationSummaryTitle: "Identity verification",

  // Identity verification: the web's screens (issue 12)
  processingWaiting: "Waiting for the result…",
  reasonHeading: "Reason",
  documentsAdd: "Add a document",
  documentsEmpty: "No documents added yet.",
  appealMessageHint: "At least {count} characters.",
  appealSending: "Sending…",
  companyVerificationOpen: "Open {name}",

  // Messenger screens (issue 15)
  chatsMessageAction: "Message",

  // Billing (issue 13): screens
  billingCompanyVerify: "Open the company page",

  // Insights (issue 13): who viewed you
  viewersTitle: "Who viewed you",

  // Page editing (issue 14)
  websiteLabel: "Website",
  contactPhoneHint: "Start with + and the country code, e.g. +48 601 234 567.",

  // Teams (issue 14)
  teamRejectReasonRequired: "Tell the company why you reject the invitation.",
  teamInviteCancelled: "Invitation cancelled.",

  // KYB screens (issue 14): labels of the business verification wizard, its status views, the
  // director invitation pages and the transparent business badge.
  kybInviteTitle: "Director confirmation",
  kybInviteRejected: "You told {company} that you are not one of its directors.",

  // The back-office (issue 16): the shell and the decisions other issues hand over
  adminBackToQueue: "Back to the queue",
  adminNoteLabel: "Note",
  adminNoteHint: "Kept with the decision in the audit log.",
  adminReasonLabel: "Reason",
  adminReasonPlaceholder: "Choose a reason",

  // Trust and safety (issue 16): the review queue, strikes and appeals. Texts the spec does not give.
  strikeKindRemove: "Content removed",
  strikeKindWarn: "Warning",
  strikeKindLimit: "Account limited",
  strikeKindSuspend: "Account suspended",
  strikeStatusActive: "In force",
  strikeStatusReversed: "Reversed after appeal",
  strikeStatusPending: "Waiting for review",
  strikeStatusCancelled: "Withdrawn",
  strikesTitle: "Moderation",
  strikeReasonLabel: "Reason",
} as const;
