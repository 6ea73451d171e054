/**
 * Validation messages of the contract's schemas that no screen names itself.
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const validationMessages = {
  // §5 generic
  onlyLatin: "Only Latin characters are allowed.",
  maxLineBreaks: "Maximum {count} line breaks.",

  // §5 email
  atLeastOneEmail: "At least one email is required.",
  alreadyAdded: "Already added",

  // §5 phone
  invalidPhone: "Phone number may contain only numbers and symbols.",
  phoneMinDigits: "Phone number must contain at least {count} digits.",
  phoneMustStartWithPlus: "Phone number must start with +.",
  phoneTooShort: "Phone number is too short.",
  phoneTooLong: "Phone number is too long.",

  // §5 password
  passwordMin: "Min {count} characters.",

  // §5 handle
  handleReserved: "This handle is reserved. Please choose another one.",

  // §5 date of birth
  dateOfBirthRequired: "The field is required.",
  mustBeAdult: "You must be 18 or older.",

  // §5 post
  contentTooLong: "Maximum length exceeded.",

  // §5 other
  consentRequired: "Please accept to continue.",
  feedbackRatingRequired: "The field is required.",

  // §8 user messages
  invalidRequest: "The request is not valid.",
  /** Issue 11: NUL, control characters or broken Unicode in a text (contract text.ts hasForbiddenCharacters). */
  textControlCharacters: "The text contains characters that are not allowed.",

  // Accounts (issue 3): lifecycle, codes, settings. Texts the spec does not give, in the product's voice.
  passwordMustDiffer: "The new password must differ from the current one.",
  invalidUrl: "Enter a valid link starting with http:// or https://.",

  // Publications (issue: profiles and publications)
  eventEndsBeforeStart: "The event must end after it starts.",
  eventPlaceRequired: "Add a place or an online link.",

  // Issue 18: the content sections folders, questions and links; the sign-in dialog; the post overlay
  folderOneLine: "A folder name fits on one line.",
  folderDocumentsOnly: "Only documents go in folders.",

  // Sales leads (issue 16): the enterprise enquiry and ad consultation forms (§3, §9 ad offer)
  adSpendUnder3k: "Less than 3,000 USD a month (not eligible for the credit)",
  adSpend3kTo10k: "3,000 – 10,000 USD a month",
  adSpend10kTo50k: "10,000 – 50,000 USD a month",
  adSpendOver50k: "More than 50,000 USD a month",

  // An event's own time zone (issue 18)
  timeZoneInvalid: "Choose a time zone from the list.",

  // Identity verification (issue 12)
  verificationNotFound: "Verification not found.",
  verificationSessionExpired: "This verification session has expired. Please start again.",

  // Billing (issue 13): add-ons, badge, creator application (API answers)
  creatorPublishesTooShort: "Tell us a little more about what you publish (at least 20 characters).",
  creatorPublishesTooLong: "Keep it under 2,000 characters.",
  creatorLinksRequired: "Add at least one link to your work.",
  creatorLinksTooMany: "Add up to 5 links.",
  creatorAppealTooShort: "Tell us why the decision should change (at least 10 characters).",

  // Messenger (issue 15): API answers and the mails of unread messages. Texts the spec does not give.
  chatTooManyAttachments: "At most {count} files per message.",

  // Page editing (issue 14)
  socialLinkWrongHost: "Enter a link to {hosts}.",

  // Business verification (issue 14)
  kybInvalidDate: "Enter a date as YYYY-MM-DD.",
  kybDateInFuture: "The incorporation date cannot be in the future.",
  kybInvalidRegistrationNumber: "Use letters, digits, spaces, dots, dashes or slashes.",
} as const;
