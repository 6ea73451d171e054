/**
 * Strings of the frame every page loads (header, menus, sign-in dialog, snackbars, banners) and of
 * the code every page runs.
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const commonMessages = {
  // §5 one-time code
  invalidCode: "Invalid code. Try again.",

  // §5 other
  fileTooLarge: "The file is too large.",
  fileInvalidType: "This file type is not allowed.",
  fileTitleRequired: "Title is required.",
  fileDescriptionRequired: "Description is required.",
  fileMaxEmbeddedImages: "You have reached the maximum number of embedded images.",
  urlTooLong: "Maximum length exceeded.",

  // §2 screens
  notFoundAction: "Return to home",

  // §8 user messages
  somethingWentWrong: "Something went wrong. Please try again later or contact support.",
  tooManyRequests: "Too many requests. Please try again later.",
  companyDeletedOrBlocked:
    "Your company account has been deleted or blocked, please contact the administrator",
  resourceNotFound: "Requested resource not found.",
  internalServerIssue: "We encountered an internal server issue. Please try again later.",
  serviceUnavailable: "The service is temporarily unavailable.",
  errorSendingRequest: "Error with sending request.",
  resetLinkExpired: "The link has expired, try doing a password reset again.",
  invitationUnavailable: "The invitation link is no longer available, please contact the company owner",
  invitationInvalid: "The invitation is not valid.",
  restoreFailed: "You cannot restore your account. Please contact customer support.",
  createError: "We could not create your account. Please try again.",
  registrationNotFinished: "Your registration is not finished. Please complete it to continue.",
  feedbackRateLimited: "You have already sent feedback recently. Please try again later.",
  sessionExpired: "The session token has expired.",
  invalidCredentials: "Invalid email or password.",
  gatewayTimeout: "The server took too long to respond. Please try again later.",

  // Web shell (labels and sentences of the layout, sign-in and sign-out screens)
  signIn: "Sign in",
  signOut: "Sign out",
  joinNow: "Join now",
  signInSubtitle: "Stay up to date with the verified people and companies you follow.",
  signInSubmitting: "Signing in…",
  emailLabel: "Email",
  passwordLabel: "Password",
  showPassword: "Show password",
  hidePassword: "Hide password",
  searchLabel: "Search",
  searchPlaceholder: "Search people, companies and posts",
  close: "Close",
  dismiss: "Dismiss",
  openAccountMenu: "Open account menu",
  viewProfile: "View profile",
  settings: "Settings",
  primaryNavigation: "Primary",
  notificationsRegion: "Notifications",
  loading: "Loading…",
  tryAgain: "Try again",

  // Accounts (issue 3): lifecycle, codes, settings. Texts the spec does not give, in the product's voice.
  codeExpired: "This code has expired. Request a new one.",
  ownerTypeUser: "Personal account",
  ownerTypeCompany: "Company account",

  // Web: accounts screens (issue 3): sign-in and join, codes, password reset, lifecycle dialogs,
  // the create-profile wizard, the profile page, settings, the account switcher.
  invitedBy: "{name} invited you to join Verified Network.",
  forgotPassword: "Forgot password?",

  // Staff second factor (issue 16): the sign-in step and the Settings section.
  twoFactorChallengeExpired: "This sign-in step has expired. Sign in again.",
  cancel: "Cancel",
  optionalField: "Optional",
  notNow: "Not now",
  createCompanyPage: "Create a company page",

  // Issue 11: an access change asks for the password, ends other sessions and can be undone
  accessChangeUndoTitle: "Undo the change of your account?",
  accessChangeUndoBody:
    "Your account gets its old email or phone number back, and every device, this one included, is signed out.",
  accessChangeUndoConfirm: "Undo the change",
  accessChangeUndoing: "Undoing…",
  inviteConfirmTitle: "Accept the invitation?",
  inviteConfirmBody: "Accepting makes you follow {name}.",
  inviteAccept: "Accept and follow",
  inviteDecline: "Not now",
  inviteAccepted: "You now follow {name}.",
  accountsHeading: "Your accounts",
  switchedTo: "You are now acting as {name}.",
  actingAs: "Acting as",

  // Social layer (issue 6): follows, blocks, reactions, comments, reports. Texts the spec does not
  // give, in the product's voice (docs/decisions/0004-message-texts.md).
  feedbackSent: "Thank you for your feedback.",

  // Web: accounts screens (issue 3), later additions.
  roleOwner: "Owner",
  roleManager: "Manager",
  roleEmployee: "Employee",

  // Web: profiles and publications (issue 4). Texts the spec does not give.
  sectionReleases: "Releases",
  sectionResponses: "Responses",
  sectionStatements: "Statements",
  sectionPosts: "Posts",
  sectionInsights: "Insights",
  sectionVideos: "Videos",
  sectionPodcasts: "Podcasts",
  sectionFiles: "Files",
  sectionEvents: "Events",

  // Issue 18: the content sections folders, questions and links; the sign-in dialog; the post overlay
  sectionFolders: "Folders",
  sectionQuestions: "Questions",
  sectionLinks: "Links",
  kindQuestion: "Question",
  kindLink: "Link",
  createQuestionTitle: "Ask a question",
  createLinkTitle: "Share a link",
  signInDialogTitle: "Sign in to continue",
  signInDialogFollow: "Sign in to follow {name}.",
  signInDialogReact: "Sign in to react to this publication.",
  signInDialogComment: "Sign in to join the conversation.",
  signInDialogRepost: "Sign in to repost this publication.",
  signInDialogMessage: "Sign in to message {name}.",
  signInDialogNoAccount: "No account yet?",
  repostWithQuote: "Quote",
  kindRepost: "Repost",
  createPostTitle: "Create a post",
  createArticleTitle: "Write an article",
  createReleaseTitle: "Publish a release",
  createStatementTitle: "Publish a statement",
  createInsightTitle: "Share an insight",
  createResponseTitle: "Publish a response",
  createDocumentTitle: "Publish a document",
  createEventTitle: "Create an event",
  createPodcastTitle: "Publish a podcast",
  createVideoTitle: "Publish a video",
  characterCounter: "{count} of {limit} characters",
  kindPost: "Post",
  kindArticle: "Article",
  kindRelease: "Release",
  kindStatement: "Statement",
  kindInsight: "Insight",
  kindResponse: "Response",
  kindDocument: "Document",
  kindEvent: "Event",
  kindPodcast: "Podcast",
  kindVideo: "Video",

  // Web: the social layer (issue 6). Texts the spec does not give.
  notificationsHeading: "Notifications",
  notificationsUnread: "{count} unread",
  notificationsEmpty: "You are all caught up. New followers, comments and reactions appear here.",
  notificationsMarkAll: "Mark all as read",
  notificationsSeeAll: "See all notifications",
  notificationFollow: "{name} started following you",
  notificationComment: "{name} commented on your publication",
  notificationReply: "{name} replied to your comment",
  notificationReaction: "{name} reacted to your publication",
  notificationRepost: "{name} reposted your publication",
  notificationQuote: "{name} quoted your publication",
  notificationMention: "{name} mentioned you",
  unreadLabel: "Unread",
  feedbackAction: "Send feedback",
  feedbackTitle: "Send feedback",
  feedbackIntro: "How is your experience? Your feedback goes straight to our team.",
  feedbackRatingLabel: "Rating",
  feedbackRatingValue: "{count} of 5",
  feedbackMessageLabel: "Message",
  feedbackSubmit: "Send feedback",

  // Media (issue 5): labels of the upload fields, the crop dialog, the file viewer and the players.
  // Texts the spec does not give, in the product's voice.
  play: "Play",
  pause: "Pause",
  next: "Next track",
  previous: "Previous track",
  closePlayer: "Close player",
  audioPlayer: "Audio player",
  nowPlaying: "Now playing",

  // Billing (issue 13): add-ons, badge, creator application (API answers)
  verificationBanner: "Your identity is not verified yet: publishing, comments and messages open once it is.",
  verificationBannerPending: "We are checking your documents. Publishing opens once you are verified.",
  verificationBannerFailed: "Your verification did not go through. Try again to unlock publishing.",
  verificationBannerAction: "Verify now",
  accessRestrictedTitle: "Verify your identity first",
  accessRestrictedText: "Only verified members can do this. Verification takes a few minutes.",
  readOnlyTitle: "Your account is read-only",
  readOnlyText:
    "Your identity verification was rejected, so you can browse but not take part. You can appeal the decision once.",
  readOnlyAppealAction: "Appeal",
  identityVerifiedOn: "Identity verified · {date}",

  // Identity verification: the web's screens (issue 12)
  verificationBannerLabel: "Verification reminder",
  verificationSummaryVerified: "Verified",
  verificationSummaryPending: "Pending",
  verificationSummaryRejected: "Rejected",
  verificationSummaryRestricted: "Access restricted",
  identityVerified: "Identity verified",
  businessVerifiedOn: "Business verified · {date}",
  businessVerified: "Business verified",

  // Messenger (issue 15), notifications
  notificationMessage: "{name} sent you a message",
  notificationMessageInGroup: "{name} sent a message in {title}",

  // Staff decisions told to the person (issue 16)
  notificationVerificationAccepted: "Your identity is verified. Welcome to Verified Network.",
  notificationVerificationRejected:
    "Your identity verification was not approved. See why and what you can do next.",
  notificationKybAccepted: "{name} is verified: its page is public and it can publish.",
  notificationKybRejected: "The business verification of {name} did not go through. See why.",
  notificationCreatorApproved: "Your creator application was approved. Choose the Creator plan to start.",
  notificationCreatorRejected: "Your creator application was not approved. You may appeal once.",

  // Messenger screens (issue 15)
  chatsHeading: "Messaging",
  chatsNavUnread: "{count} unread conversations",

  // Billing (issue 13): screens
  billingLink: "Billing",

  // Trust and safety (issue 16): the review queue, strikes and appeals. Texts the spec does not give.
  accountLimitedBannerLabel: "Account limit",
  accountLimitedUntil:
    "Your account is limited until {date}: you can read, but not publish, comment, send messages, follow or react.",
  accountLimitedBannerAction: "See why",
  notificationStrike: "Our moderators took action on your account. See what and why.",
  notificationAppealGranted: "Your appeal was granted and the decision was reversed.",
  notificationAppealDenied: "Your appeal was reviewed and the decision stands.",
  notificationReportActioned: "Thank you for your report: our moderators took action.",
  notificationReportDismissed: "Our moderators reviewed your report and found no breach of our rules.",
} as const;
