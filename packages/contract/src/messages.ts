/**
 * Every user-facing sentence of the spec, verbatim, in one English catalogue.
 * Sentences the spec names without giving the text ("texts not shown") are written here once,
 * in the product's voice; docs/decisions/0004-message-texts.md lists which ones those are.
 */

export const messages = {
  // §5 generic
  fieldRequired: "The field is required.",
  minChars: "Min {count} characters.",
  maxChars: "Max {count} characters.",
  maxLengthExceeded: "Maximum length exceeded.",
  onlyLatin: "Only Latin characters are allowed.",
  maxLineBreaks: "Maximum {count} line breaks.",

  // §5 email
  invalidEmail: "Invalid email address",
  emailAlreadyLinked: "This email is already linked to another account.",
  atLeastOneEmail: "At least one email is required.",
  bulkInviteMax: "You can invite at most {count} people at once.",
  alreadyAdded: "Already added",

  // §5 phone
  invalidPhone: "Phone number may contain only numbers and symbols.",
  phoneMinDigits: "Phone number must contain at least {count} digits.",
  phoneMustStartWithPlus: "Phone number must start with +.",
  phoneTooShort: "Phone number is too short.",
  phoneTooLong: "Phone number is too long.",

  // §5 password
  passwordMin: "Min {count} characters.",
  passwordsMustMatch: "Passwords must match.",

  // §5 handle
  handleTaken: "This handle is already taken.",
  handleInvalidFormat: "Handle may contain only Latin letters, digits, dots, hyphens and underscores.",
  handleNeedsPremium:
    "A handle without at least two digits needs a Premium plan and is available after verification.",

  // §5 date of birth
  dateOfBirthRequired: "The field is required.",
  mustBeAdult: "You must be 18 or older.",

  // §5 post
  contentRequired: "The field is required.",
  contentTooLong: "Maximum length exceeded.",
  invalidFile: "Invalid file.",
  editMissingPost: "The post you are trying to edit does not exist.",
  postLimitUpgrade:
    "Your post is longer than your plan allows. Upgrade your plan or write an article instead.",

  // §5 one-time code
  invalidCode: "Invalid code. Try again.",

  // §5 other
  consentRequired: "Please accept to continue.",
  quoteNoteRequired: "Note should not be empty for quote",
  feedbackRatingRequired: "The field is required.",
  fileTooLarge: "The file is too large.",
  fileInvalidType: "This file type is not allowed.",
  fileTitleRequired: "Title is required.",
  fileDescriptionRequired: "Description is required.",
  fileMaxEmbeddedImages: "You have reached the maximum number of embedded images.",
  urlTooLong: "Maximum length exceeded.",
  redirectRejected: "Redirect target is not allowed.",
  socketPayloadMustBeArray: "Socket event payload must be an array.",

  // §2 screens
  loggedOut: "Logged out",
  notFoundTitle: "Looks like you have wandered off the feed",
  notFoundBody: "The page you are looking for does not exist or has been moved.",
  notFoundAction: "Return to home",

  // §8 user messages
  somethingWentWrong: "Something went wrong. Please try again later or contact support.",
  tooManyRequests: "Too many requests. Please try again later.",
  accountDeletedOrBlocked: "Your account has been deleted or blocked, please contact the administrator.",
  companyDeletedOrBlocked:
    "Your company account has been deleted or blocked, please contact the administrator",
  userEmailNotFound: "User with this email not found.",
  resourceNotFound: "Requested resource not found.",
  internalServerIssue: "We encountered an internal server issue. Please try again later.",
  serviceUnavailable: "The service is temporarily unavailable.",
  errorSendingRequest: "Error with sending request.",
  followUpdateFailed: "Failed to update follow status.",
  nextPageFailed: "Looks like we could not load next page.",
  chatUnavailable: "Chat with this user is not available.",
  invalidToken: "Invalid token.",
  resetLinkExpired: "The link has expired, try doing a password reset again.",
  invitationUnavailable: "The invitation link is no longer available, please contact the company owner",
  invitationInvalid: "The invitation is not valid.",
  restoreFailed: "You cannot restore your account. Please contact customer support.",
  createError: "We could not create your account. Please try again.",
  registrationNotFinished: "Your registration is not finished. Please complete it to continue.",
  sanctionedCountry: "User verification is not available for this country",
  feedbackRateLimited: "You have already sent feedback recently. Please try again later.",
  commentLimitReached: "This post has reached the maximum number of comments.",
  repostFailed: "Could not repost content",
  repostDeleteFailed: "Could not delete repost",
  repostCheckContent: "Please check the content you are trying to repost.",
  downloadFailed: "Could not download the file",
  followFailed: "Could not follow the profile",
  reportFailed: "Could not send the report. Please try again later.",
  locationUpdateFailed: "Could not update your location. Please try again.",
  paymentFailed: "Your payment could not be processed. Please check your payment method and try again.",
  documentAlreadyExists: "This document already exists.",
  documentNotFound: "Document not found.",
  fileConverting: "The file is being converted. Please wait.",
  unableToConvert: "Unable to convert the file.",
  damagedDocument: "The document is damaged and cannot be opened.",
  alreadyLoggedIn: "You are already logged in.",
  loginRequired: "Please login before viewing this page.",
  sessionExpired: "The session token has expired.",
  invalidCredentials: "Invalid email or password.",
  operationTimedOut: "operation has timed out",
  supportedDocumentsNotProvided: "Supported documents not provided",
  businessNotAvailableInCountry: "Business profile is not available in the selected country",
  permissionNotProvided: "You do not have permission to do this.",
  ownerNotFound: "The account you are acting as was not found.",
  companyNotFound: "Company not found.",
  userNotVerified: "Please verify your identity to continue.",
  accessForbiddenByPlan: "Your plan does not include this feature. Upgrade to continue.",
  companyNotVerified: "The company is not verified yet.",
  contentBlocked: "This content has been blocked.",
  accountUnavailable: "This account is not available.",
  profileNotCompleted: "Please complete your profile to continue.",
  invalidRequest: "The request is not valid.",
  payloadTooLarge: "The request is too large.",
  unsupportedMediaType: "This content type is not supported.",
  gatewayTimeout: "The server took too long to respond. Please try again later.",
  conflict: "The request conflicts with the current state.",
  unknownContentRoom: "This content does not exist.",

  // Web shell (labels and sentences of the layout, sign-in and sign-out screens)
  skipToContent: "Skip to main content",
  signIn: "Sign in",
  signOut: "Sign out",
  joinNow: "Join now",
  signInTitle: "Sign in",
  signInSubtitle: "Stay up to date with the verified people and companies you follow.",
  signInSubmitting: "Signing in…",
  signInNewHere: "New here?",
  emailLabel: "Email",
  passwordLabel: "Password",
  showPassword: "Show password",
  hidePassword: "Hide password",
  searchLabel: "Search",
  searchPlaceholder: "Search people, companies and posts",
  signingOut: "Signing you out…",
  close: "Close",
  dismiss: "Dismiss",
  openAccountMenu: "Open account menu",
  viewProfile: "View profile",
  settings: "Settings",
  primaryNavigation: "Primary",
  footerNavigation: "Footer",
  notificationsRegion: "Notifications",
  loading: "Loading…",
  tryAgain: "Try again",

  // Accounts (issue 3): lifecycle, codes, settings. Texts the spec does not give, in the product's voice.
  accountDeletedRestorable: "This account was deleted. You can restore it or create a new one.",
  codeExpired: "This code has expired. Request a new one.",
  codeSent: "We sent a 6-character code to {destination}.",
  wrongCurrentPassword: "The current password is not correct.",
  passwordMustDiffer: "The new password must differ from the current one.",
  phoneAlreadyLinked: "This phone number is already linked to another account.",
  sameEmail: "This is already your email.",
  samePhone: "This is already your phone number.",
  smsUndeliverable: "We could not send a text message to this number. Check it and try again.",
  invalidCsrfToken: "This form has expired. Reload the page and try again.",
  invalidUrl: "Enter a valid link starting with http:// or https://.",
  invalidCountry: "Choose a country from the list.",
  resetLinkSent: "If an account uses this email, we have sent a link to reset the password.",
  passwordChanged: "Your password has been changed. Other devices were signed out.",
  accountRestored: "Welcome back! Your account has been restored.",
  accountDeleted: "Your account has been deleted. You can restore it by signing in again.",
  accountRemoved: "Your old account has been removed. You can now create a new one.",
  statusActive: "Active",
  statusProfileNotCompleted: "Profile not completed",
  statusDeleted: "Deleted",
  statusBlocked: "Blocked",
  ownerTypeUser: "Personal account",
  ownerTypeCompany: "Company account",
  consentTerms: "I agree to the Terms of Service.",
  consentPrivacy: "I have read and accept the Privacy Policy.",

  // Mail and text messages (plain text and HTML are built from these)
  mailSignature: "The Verified Network team",
  mailIgnore: "If you did not ask for this, you can ignore this message.",
  mailVerifySubject: "Your Verified Network code: {code}",
  mailVerifyIntro: "Use this code to confirm your email address. It expires in {minutes} minutes.",
  mailResetSubject: "Reset your Verified Network password",
  mailResetIntro: "Open this link to choose a new password. It expires in {minutes} minutes.",
  mailResetAction: "Reset password",
  mailAccessChangeSubject: "Confirm your new email: {code}",
  mailAccessChangeIntro:
    "Use this code to confirm this address for your account. It expires in {minutes} minutes.",
  mailEmailChangedSubject: "Your Verified Network email was changed",
  mailEmailChangedIntro:
    "The email of your account was changed to {email}. If this was not you, reset your password and contact support at {support}.",
  mailInviteSubject: "{name} invites you to Verified Network",
  mailInviteIntro:
    "{name} invites you to join Verified Network, the network of verified people and companies.",
  mailInviteAction: "Accept the invitation",
  smsAccessChangeText: "Verified Network code: {code}. It expires in {minutes} minutes.",

  // Plan, add-on and sign-in method names
  planBasic: "Basic",
  planStandard: "Standard",
  planPremium: "Premium",
  planCreator: "Creator",
  planEnterprise: "Enterprise",
  addonSpy: "Spy",
  addonStealth: "Stealth",
  addonSeats: "Extra team seats",
  providerCredentials: "Email and password",
  providerEmailCode: "One-time code by email",
} as const;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders, e.g. format(messages.minChars, { count: 8 }). */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
