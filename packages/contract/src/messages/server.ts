/**
 * Strings only server code renders (page metadata, server-rendered pages, API errors, mails): no
 * browser bundle carries them.
 * One part of the message catalogue: ../messages.ts composes every part.
 */
export const serverMessages = {
  // §5 generic
  maxLengthExceeded: "Maximum length exceeded.",

  // §5 post
  contentRequired: "The field is required.",
  invalidFile: "Invalid file.",

  // §5 other
  redirectRejected: "Redirect target is not allowed.",
  socketPayloadMustBeArray: "Socket event payload must be an array.",

  // §2 screens
  notFoundTitle: "Looks like you have wandered off the feed",
  notFoundBody: "The page you are looking for does not exist or has been moved.",

  // §8 user messages
  /** Issue 11 (errors.ts request_tooManyForEmail / email_tooManyMails / request_untrustedOrigin). */
  tooManyForEmail: "Too many attempts for this email address. Please wait a while and try again.",
  tooManyMails: "We have sent too many emails to this address. Please wait a while and try again.",
  untrustedOrigin: "This page was opened at {origin}, which may not sign in. Open {expected} and try again.",
  userEmailNotFound: "User with this email not found.",
  sanctionedCountry: "User verification is not available for this country (sanctioned country)",
  repostDeleteFailed: "Could not delete repost",
  locationUpdateFailed: "Could not update your location. Please try again.",
  documentAlreadyExists: "This document already exists.",
  unableToConvert: "Unable to convert the file.",
  damagedDocument: "The document is damaged and cannot be opened.",
  loginRequired: "Please login before viewing this page.",
  operationTimedOut: "operation has timed out",
  supportedDocumentsNotProvided: "Supported documents not provided",
  businessNotAvailableInCountry: "Business profile is not available in the selected country",
  permissionNotProvided: "You do not have permission to do this.",
  ownerNotFound: "The account you are acting as was not found.",
  companyNotFound: "Company not found.",
  userNotVerified: "Please verify your identity to continue.",
  companyNotVerified: "The company is not verified yet.",
  accountUnavailable: "This account is not available.",
  profileNotCompleted: "Please complete your profile to continue.",
  payloadTooLarge: "The request is too large.",
  unsupportedMediaType: "This content type is not supported.",
  conflict: "The request conflicts with the current state.",
  unknownContentRoom: "This content does not exist.",
  uriTooLong: "The address is too long.",
  headersTooLarge: "The request headers are too large.",
  requestTimedOut: "The request took too long to arrive.",

  // Web shell (labels and sentences of the layout, sign-in and sign-out screens)
  skipToContent: "Skip to main content",
  signInNewHere: "New here?",
  footerNavigation: "Footer",

  // Accounts (issue 3): lifecycle, codes, settings. Texts the spec does not give, in the product's voice.
  accountDeletedRestorable: "This account was deleted. You can restore it or create a new one.",
  phoneAlreadyLinked: "This phone number is already linked to another account.",
  sameEmail: "This is already your email.",
  samePhone: "This is already your phone number.",
  smsUndeliverable: "We could not send a text message to this number. Check it and try again.",
  invalidCsrfToken: "This form has expired. Reload the page and try again.",
  foreignOrigin: "This request did not come from this site. Open the site and try again.",
  statusActive: "Active",
  statusProfileNotCompleted: "Profile not completed",
  statusDeleted: "Deleted",
  statusBlocked: "Blocked",

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
  providerCredentials: "Email and password",
  providerEmailCode: "One-time code by email",

  // Publications (issue: profiles and publications)
  mediaPublishingNeedsPlan: "Publishing videos and podcasts is part of paid plans. Upgrade to publish.",

  // Web: accounts screens (issue 3): sign-in and join, codes, password reset, lifecycle dialogs,
  // the create-profile wizard, the profile page, settings, the account switcher.
  joinHaveAccount: "Already on Verified Network?",

  // Staff second factor (issue 16): the sign-in step and the Settings section.
  twoFactorOff: "Two-factor authentication is off.",
  twoFactorAlreadyOn: "Two-factor authentication is already on.",
  twoFactorNotSetUp: "Set up two-factor authentication first.",
  createProfileTitle: "Let us set up your profile",
  photoHint: "Your initials stand in until photo uploads open.",

  // Issue 11: an access change asks for the password, ends other sessions and can be undone
  mailAccessChangeUndoIntro:
    "If this was not you, undo the change within {days} days: the account gets its old details back and every device is signed out.",
  mailAccessChangeUndoAction: "Undo the change",
  mailPhoneChangedSubject: "Your Verified Network phone number was changed",
  mailPhoneChangedIntro:
    "The phone number of your account was changed to {phone}. If this was not you, contact support at {support}.",
  accessChangeUndone: "The change is undone. Every device was signed out; sign in with {email}.",
  undoLinkInvalid: "This link is not valid or has expired.",
  currentAccount: "Current account",

  // Media pipeline (issue 5): uploads, processing, documents. Texts the spec does not give.
  imageTooSmall: "The image must be at least {min} × {min} pixels.",
  imageDimensionsTooLarge: "The image must be at most {max} × {max} pixels.",
  heicUnsupported: "HEIC images cannot be processed on this server. Upload a JPG or PNG instead.",
  invalidCrop: "The crop area must lie within the image.",
  unsafeArchive: "This file unpacks to more data than we can safely open.",
  uploadNotFound: "This upload no longer exists. Please start it again.",
  uploadOffsetMismatch:
    "This part does not continue the upload where it stands. Resume from the offset given.",
  uploadIncomplete: "The upload is not complete yet.",
  uploadChunkSize: "Each part of an upload must be {size} bytes, except the last one.",
  useResumableUpload: "This file is too large for a single request. Upload it in parts.",
  rangeNotSatisfiable: "The requested range is not available.",
  mediaWrongKind: "This file cannot be used here.",

  // Issue 11: storage quota, processing bounds, signed media links
  storageQuotaExceeded:
    "This file does not fit in the storage your plan includes. Delete files you no longer need or upgrade your plan.",
  openUploadsLimit: "Finish or cancel your other uploads first: at most {max} can be open at a time.",
  videoDimensionsTooLarge: "The video must be at most {long} × {short} pixels.",
  mediaTooLong: "Recordings can be at most {hours} hours long.",
  mediaLinkExpired: "This link has expired. Reload the page to get a new one.",

  // Social layer (issue 6): follows, blocks, reactions, comments, reports. Texts the spec does not
  // give, in the product's voice (docs/decisions/0004-message-texts.md).
  cannotActOnSelf: "You cannot do this with your own profile.",
  commentNotFound: "This comment is no longer available.",
  commentReplyNotPinnable: "Only a comment, not a reply, can be pinned.",
  reactionsOff: "Reactions are turned off for this publication.",

  // Web: accounts screens (issue 3), later additions.
  companyLogoHint: "The company’s initials stand in until logo uploads open.",

  // Issue 18: the content sections folders, questions and links; the sign-in dialog; the post overlay
  linkRefused:
    "This address cannot be previewed. Use a public web address starting with http:// or https://.",
  linkPreviewUnavailable: "No preview is available for this page.",
  answersCount: "{count} answers",
  answersCountOne: "1 answer",
  answerAction: "Answer",
  galleryPrevious: "Previous image",
  galleryNext: "Next image",
  teamHeading: "People",
  connectEmpty: "{name} has not shared contact details yet.",
  createMenuLabel: "Create a publication",
  closePost: "Close post",
  recordingsPodcastTitle: "Podcasts by {name}",
  recordingsVideoTitle: "Videos by {name}",
  recordingsEmpty: "No recordings yet.",
  sponsoredRedirect: "Opening the sponsor’s page…",
  repostDeleted: "Repost deleted",

  // Web: the social layer (issue 6). Texts the spec does not give.
  unfollowAction: "Unfollow {name}",
  followProfile: "Follow {name}",
  notificationsMenu: "Notifications, {count} unread",
  notificationsMarkRead: "Mark as read",

  // Sales leads (issue 16): the enterprise enquiry and ad consultation forms (§3, §9 ad offer)
  enterpriseEnquiryAction: "Send an enquiry",
  adOfferEyebrow: "Advertising",
  adOfferTitle: "Advertise to a verified audience",
  adOfferHeadline: "{credit} in free ad credit",
  adOfferText:
    "Spend at least {minimum} on your campaigns and we add {credit} of ad credit. Every profile on the network is a verified person or a verified business, so your ads reach real decision makers.",
  adOfferTerms:
    "The credit is added once per company, after the first {minimum} of spend. Our team plans the campaign with you.",
  adOfferAction: "Book an ad consultation",
  mailLeadSubject: "New {kind}: {company}",
  mailLeadIntro:
    "{name} <{email}> sent the {kind} form. Reply to them directly; the lead is listed in the back-office.",
  mailLeadOpen: "Open the leads",
  leadKindEnterprise: "enterprise enquiry",
  leadKindAdConsultation: "ad consultation",

  // Back-office records (issue 16): dashboard, leads, feedback, audit log
  adminDashboardTitle: "Dashboard",
  adminDashboardIntro: "The last {days} days, by UTC day.",
  adminDashboardFailed: "Could not load the dashboard numbers. Please try again later.",
  chartTotal: "Total",
  chartOwnerType: "Owner",
  followersTitle: "Followers",

  // Media (issue 5): labels of the upload fields, the crop dialog, the file viewer and the players.
  // Texts the spec does not give, in the product's voice.
  fileViewerTitle: "{name}",
  duration: "Duration {time}",

  // Identity verification (issue 12)
  verificationInProgress: "A verification is already in progress.",
  verificationNotAllowed: "Verification cannot be started from where your account stands.",
  verificationRetryLimit: "You have used all your attempts. You can appeal the decision.",
  verificationAlreadyDecided: "This verification has already been decided.",
  verificationNoDocumentsRequested: "No documents are requested right now.",
  verificationDocumentsRequired: "Add at least one document.",
  appealNotAllowed: "An appeal is possible only after a final rejection.",
  webhookInvalidSignature: "The webhook signature is not valid.",
  webhookReplayed: "This webhook has already been received.",

  // Billing (issue 13): API answers
  paymentsNoPaymentMethod: "Add a card before choosing a paid plan.",
  paymentsTrialUnavailable: "The free trial has already been used for this account.",
  paymentsPlanNotSelfServe: "This plan cannot be bought here.",
  paymentsPlanUnavailable: "This plan is not available for this account.",
  paymentsNoChange: "This is already your plan.",
  paymentsNoScheduledChange: "There is no scheduled change to cancel.",
  paymentsActionPending: "A payment is waiting for your confirmation. Confirm or cancel it first.",
  paymentsActionNotFound: "This payment is no longer waiting for confirmation.",
  paymentsPaymentMethodInUse: "Your plan renews with this card. Add another card before removing it.",
  paymentsPaymentMethodNotFound: "This card is no longer on your account.",
  paymentsTeamTooLarge:
    "Your team has {members} members and this plan includes {included}. Remove members or keep extra seats before you downgrade.",
  paymentsIdempotencyConflict:
    "This request was already made with different details. Reload the page and try again.",

  // Billing (issue 13): mails
  mailRenewedSubject: "Your plan was renewed",
  mailRenewedIntro:
    "Your {plan} plan was renewed and your card was charged. The receipt is in your billing history.",
  mailPaymentFailedSubject: "Your payment did not go through",
  mailPaymentFailedIntro:
    "We could not charge your card for your {plan} plan. We will try again over the next days; update your card to keep your plan.",
  mailTrialFailedSubject: "Your free trial ended and the payment did not go through",
  mailTrialFailedIntro:
    "Your free trial of {plan} has ended, and we could not charge your card. Update your card to keep your plan.",
  mailDowngradedSubject: "Your plan has changed",
  mailDowngradedIntro:
    "Your plan changed as scheduled. What you published stays published; features above your plan are no longer available.",
  mailTrialEndingSubject: "Your free trial ends in 3 days",
  mailTrialEndingIntro:
    "Your free trial of {plan} ends on {date}. Your card will be charged then unless you cancel before.",
  mailBillingAction: "Open billing",

  // Billing (issue 13): add-ons, badge, creator application (API answers)
  paymentsAddonNotHeld: "This add-on is not on your plan.",
  paymentsAddonAlreadyHeld: "This add-on is already on your plan.",
  paymentsAddonUnavailable: "This add-on is not available on your plan.",
  creatorApplicationExists: "You have already applied. We will let you know when it is decided.",
  creatorAppealNotAllowed: "An appeal is possible only after a rejected application.",
  creatorApplicationNotFound: "There is no creator application yet.",
  creatorAlreadyDecided: "This application has already been decided.",
  mailVerifiedSubject: "You are verified on Verified Network",
  mailVerifiedIntro:
    "Your identity is confirmed. Your profile is public, and you can publish, comment and message.",
  mailRejectedSubject: "We could not verify your identity",
  mailRejectedIntro:
    "Your identity verification was not successful. Open the page below to see why and what you can do next.",
  mailVerificationFailedSubject: "Your identity verification did not go through",
  mailVerificationFailedIntro: "The verification could not be completed. You can start it again.",
  mailDocumentsNeededSubject: "One more document is needed to verify you",
  mailDocumentsNeededIntro: "Our verification partner needs another document to confirm your identity.",
  mailVerificationAction: "Open verification",

  // Messenger (issue 15): API answers and the mails of unread messages. Texts the spec does not give.
  chatMessageNotFound: "This message is not available.",
  chatGroupFull: "This group is full.",
  chatEditWindowClosed: "The time to edit this message has passed.",
  chatNotSender: "Only the sender can change this message.",
  chatNotCreator: "Only the group's creator can do this.",
  chatNotGroup: "This can only be done in a group.",
  chatNoRequest: "There is no message request to answer.",
  chatNotCompanyInbox: "Notes and assignments belong to company inboxes.",
  chatTooManyNew: "You have started many conversations today. Please try again tomorrow.",
  chatTooManyMessages: "You are sending messages too fast. Please wait a moment.",
  chatNotificationTitle: "New message from {name}",
  mailChatDigestSubject: "You have unread messages",
  mailChatDigestIntro: "You have {count} unread messages in {conversations} conversations:",
  mailChatDigestOpen: "Open your messages",

  // Staff decisions told to the person (issue 16)
  mailCreatorApprovedSubject: "Your creator application was approved",
  mailCreatorApprovedIntro:
    "Congratulations: you can now choose the Creator plan and start earning from your work.",
  mailCreatorRejectedSubject: "Your creator application was not approved",
  mailCreatorRejectedIntro:
    "Our team could not approve your creator application this time. Open your plans to see the note and appeal once if you think we got it wrong.",
  mailCreatorAction: "Open plans",

  // Billing (issue 13): screens
  billingAddonsEmpty: "No add-ons. Add-ons can be added to any paid plan.",
  billingAddonEnds: "Ends at the end of the period",
  billingBadgeActive: "Your profile badge is active.",
  billingBadgeHidden: "Your profile badge is active and hidden.",
  billingBadgeNone: "No badge. The profile badge is available from Premium for {price} a month.",
  billingBadgeAvailable: "No badge yet. Your plan includes the profile badge for {price} a month.",

  // Insights (issue 13): who viewed you
  viewersLoadFailed: "The list could not be loaded.",

  // Page editing (issue 14)
  pageImageNotUploaded: "This image was not found among your uploads. Upload it again.",
  pageSettingsLoadFailed: "The page settings could not be loaded.",

  // Teams (issue 14)
  teamSeatsFull:
    "Your team has {members} members and invitations of the {included} seats your plan includes. Buy extra seats or upgrade the plan to invite more people.",
  teamInviteSelf: "You are already a member of this company.",
  teamInviteNotYours: "This invitation was sent to another email address.",
  teamMemberNotFound: "This person is not a member of the company.",
  teamOwnerCannotLeave: "The owner cannot leave the company. Transfer ownership to a manager first.",
  teamCannotRemoveOwner: "The owner cannot be removed from the company.",
  teamCannotRemoveSelf: "You cannot remove yourself; leave the company instead.",
  teamManagerRemovesEmployees: "Managers may remove employees only.",
  teamTransferToManager: "Ownership can only be transferred to a manager of the company.",
  teamOwnerRoleFixed: "The owner's role changes only by transferring ownership.",
  teamActAsCompany: "Switch to the company account to manage its team.",
  mailTeamInviteSubject: "{company} invites you to its team on Verified Network",
  mailTeamInviteIntro: "{name} invites you to join the team of {company} on Verified Network.",
  mailTeamInviteAction: "See the invitation",

  // Business verification (issue 14)
  kybNotFound: "This business verification was not found.",
  kybNotEditable: "The verification was submitted and can no longer be changed.",
  kybInProgress: "A business verification is already in progress for this company.",
  kybAlreadyVerified: "The company is already verified.",
  kybDetailsMissing: "Fill in the company details first.",
  kybDirectorsMissing: "At least one director must accept the invitation before you submit.",
  kybDirectorsPending: "Every director invitation must be answered or cancelled before you submit.",
  kybAlreadyDecided: "This verification has been decided already.",
  mailKybDirectorSubject: "{company} asks you to confirm you are its director",
  mailKybDirectorIntro:
    "{name} started the business verification of {company} on Verified Network and named you as one of its directors. Confirm it, or tell them it is a mistake.",
  mailKybVerifiedSubject: "{company} is verified on Verified Network",
  mailKybVerifiedIntro:
    "The business verification of {company} was approved. Its page is public and it can publish.",
  mailKybRejectedSubject: "The business verification of {company} did not go through",
  mailKybRejectedIntro: "Open the verification page to see why and what you can do next.",
  mailKybAction: "Open business verification",

  // Teams, members' own details (issue 14)
  teamManagerPlacesEmployees: "Managers may change the position and team of employees only.",
  teamBylineHidingNotAllowed:
    "This company shows who published each of its publications: members cannot hide their name.",
  teamImageUploaded: "Photo uploaded: it is saved with the rest.",

  // KYB screens (issue 14): labels of the business verification wizard, its status views, the
  // director invitation pages and the transparent business badge.
  kybScreenLabel: "Business verification of {company}",

  // The back-office (issue 16): the shell and the decisions other issues hand over
  adminTitle: "Back-office",
  adminNavSelect: "Go to section",
  adminRoleAdmin: "Admin",
  adminRoleModerator: "Moderator",

  // Trust and safety (issue 16): the review queue, strikes and appeals. Texts the spec does not give.
  moderationActionNotAllowed: "This action does not apply to what was reported.",
  moderationAlreadyPending: "A suspension of this account is already waiting for approval.",
  moderationOwnDecision: "Another staff member has to review your own decision.",
  moderationNotPending: "This has already been decided.",
  moderationAppealNotAllowed: "This decision cannot be appealed.",
  mailStrikeSubject: "A moderation decision about your account",
  mailStrikeIntro:
    "{action}. Reason: {reason}. Our moderators wrote: “{message}” You can appeal this decision once.",
  mailStrikeAction: "See the decision",
  mailSuspendedIntro:
    "Your account was suspended. Reason: {reason}. Our moderators wrote: “{message}” You cannot sign in, but you can appeal once through this link within {days} days.",
  mailSuspendedAction: "Appeal the suspension",
  mailAppealDecidedSubject: "Your appeal was decided",
  mailAppealGrantedIntro: "Your appeal was granted: {action} was reversed.",
  mailAppealDeniedIntro: "Your appeal was reviewed and the decision stands: {action}.",

  // Issue 18: the home's composer and its first-time state.
  composerPublished: "Published. It is at the top of your feed.",
} as const;
