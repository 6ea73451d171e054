import type { MessageKey } from "./messages";

/**
 * The error catalogue (spec §8): code → HTTP status + default message.
 * The API answers every failure as `{ error: { code, message, details } }` with this status;
 * the web matches on `code`, never on text.
 */
const catalogue = {
  // §8 error codes
  user_registrationNotFinished: { status: 403, message: "registrationNotFinished" },
  user_profileNotCompleted: { status: 403, message: "profileNotCompleted" },
  request_invalidSessionToken: { status: 401, message: "sessionExpired" },
  request_unavailable: { status: 503, message: "serviceUnavailable" },
  request_invalidCredentials: { status: 401, message: "invalidCredentials" },
  request_tooMany: { status: 429, message: "tooManyRequests" },
  /** Issue 11: too many sign-ins, code checks, codes or reset links for one email, from any address. */
  request_tooManyForEmail: { status: 429, message: "tooManyForEmail" },
  /** Issue 11: the mail layer's per-recipient cap (codes an hour, every mail an hour and a day). */
  email_tooManyMails: { status: 429, message: "tooManyMails" },
  /** Issue 11: better-auth refused the page's Origin (details.origin, details.expected). */
  request_untrustedOrigin: { status: 403, message: "untrustedOrigin" },
  accountManager_permissionNotProvided: { status: 403, message: "permissionNotProvided" },
  accountManager_ownerNotFound: { status: 403, message: "ownerNotFound" },
  company_notFound: { status: 404, message: "companyNotFound" },
  user_notVerified: { status: 403, message: "userNotVerified" },
  slug_alreadyTakenConflict: { status: 409, message: "handleTaken" },
  account_accessForbiddenByPlan: { status: 403, message: "accessForbiddenByPlan" },
  company_notVerified: { status: 403, message: "companyNotVerified" },
  content_isBlocked: { status: 403, message: "contentBlocked" },
  account_unavailable: { status: 403, message: "accountUnavailable" },
  // §8 verification identifiers
  kybTransaction_directorInviteBlockedUser: { status: 422, message: "accountDeletedOrBlocked" },
  kybTransaction_directorInviteInactiveUser: { status: 422, message: "accountUnavailable" },
  kybTransaction_directorInviteAlreadyExists: { status: 409, message: "alreadyAdded" },
  company_accessForbiddenByRole: { status: 403, message: "permissionNotProvided" },
  kybTransaction_supportedDocumentsNotProvided: { status: 422, message: "supportedDocumentsNotProvided" },
  kybTransaction_countryNotSupported: { status: 422, message: "businessNotAvailableInCountry" },
  // Business verification (issue 14): our names for what the spec leaves unnamed
  kybTransaction_notFound: { status: 404, message: "kybNotFound" },
  /** Submitted or decided: nothing may change; or a new one while one is open. */
  kybTransaction_notEditable: { status: 409, message: "kybNotEditable" },
  kybTransaction_inProgress: { status: 409, message: "kybInProgress" },
  kybTransaction_alreadyVerified: { status: 409, message: "kybAlreadyVerified" },
  /** A final rejection: no new transaction (support decides). */
  kybTransaction_notAllowed: { status: 409, message: "kybNotAllowed" },
  kybTransaction_detailsMissing: { status: 422, message: "kybDetailsMissing" },
  kybTransaction_directorsMissing: { status: 422, message: "kybDirectorsMissing" },
  kybTransaction_directorsPending: { status: 422, message: "kybDirectorsPending" },
  kybTransaction_tooManyDocuments: { status: 422, message: "kybTooManyDocuments" },
  kybTransaction_tooManyDirectors: { status: 422, message: "kybTooManyDirectors" },
  kybTransaction_alreadyDecided: { status: 409, message: "kybAlreadyDecided" },
  // Frame errors (our own names for the HTTP failures every API has)
  request_malformed: { status: 400, message: "invalidRequest" },
  request_validationFailed: { status: 422, message: "invalidRequest" },
  request_notFound: { status: 404, message: "resourceNotFound" },
  request_payloadTooLarge: { status: 413, message: "payloadTooLarge" },
  request_unsupportedMediaType: { status: 415, message: "unsupportedMediaType" },
  request_unauthenticated: { status: 401, message: "loginRequired" },
  request_forbidden: { status: 403, message: "permissionNotProvided" },
  request_conflict: { status: 409, message: "conflict" },
  request_timeout: { status: 504, message: "gatewayTimeout" },
  server_internal: { status: 500, message: "internalServerIssue" },
  // Issue 11: the HTTP parser's and router's own refusals, in the catalogue's shape
  request_uriTooLong: { status: 414, message: "uriTooLong" },
  request_headersTooLarge: { status: 431, message: "headersTooLarge" },
  request_clientTimeout: { status: 408, message: "requestTimedOut" },
  content_notFound: { status: 404, message: "resourceNotFound" },
  /** Issue 18: a link preview of an address that is not a public web page (SSRF rules). */
  link_refused: { status: 422, message: "linkRefused" },
  // Accounts (issue 3)
  /** Signing in to a deleted account: details carry a restoreToken for restore or complete removal. */
  user_deleted: { status: 403, message: "accountDeletedRestorable" },
  user_emailAlreadyUsed: { status: 409, message: "emailAlreadyLinked" },
  user_phoneAlreadyUsed: { status: 409, message: "phoneAlreadyLinked" },
  user_emailNotFound: { status: 404, message: "userEmailNotFound" },
  user_resetLinkExpired: { status: 400, message: "resetLinkExpired" },
  user_wrongPassword: { status: 422, message: "wrongCurrentPassword" },
  user_restoreTokenInvalid: { status: 401, message: "invalidToken" },
  code_invalid: { status: 400, message: "invalidCode" },
  code_expired: { status: 400, message: "codeExpired" },
  code_tooManyAttempts: { status: 429, message: "tooManyRequests" },
  /** Issue 16: the sign-in's second step (TOTP) lost its challenge: expired (10 minutes), used or never begun. */
  twoFactor_challengeExpired: { status: 401, message: "twoFactorChallengeExpired" },
  twoFactor_alreadyEnabled: { status: 409, message: "twoFactorAlreadyOn" },
  /** Confirming or turning off a second factor that was never set up. */
  twoFactor_notEnabled: { status: 409, message: "twoFactorNotSetUp" },
  sms_undeliverable: { status: 422, message: "smsUndeliverable" },
  invite_notFound: { status: 404, message: "invitationInvalid" },
  invite_unavailable: { status: 409, message: "invitationUnavailable" },
  /** Issue 11: the undo link of an email or phone change is wrong, used, stale or expired. */
  user_undoLinkInvalid: { status: 400, message: "undoLinkInvalid" },
  request_invalidCsrfToken: { status: 403, message: "invalidCsrfToken" },
  /** Issue 11: a cookie-authenticated change (not GET/HEAD) whose Origin is not the web app's. */
  request_foreignOrigin: { status: 403, message: "foreignOrigin" },
  request_rangeNotSatisfiable: { status: 416, message: "rangeNotSatisfiable" },
  // Media pipeline (issue 5): §5 file rules and §8 file errors
  file_tooLarge: { status: 413, message: "fileTooLarge" },
  file_invalidType: { status: 422, message: "fileInvalidType" },
  file_titleRequired: { status: 422, message: "fileTitleRequired" },
  file_descriptionRequired: { status: 422, message: "fileDescriptionRequired" },
  file_maxEmbeddedImages: { status: 422, message: "fileMaxEmbeddedImages" },
  file_imageTooSmall: { status: 422, message: "imageTooSmall" },
  file_imageDimensionsTooLarge: { status: 422, message: "imageDimensionsTooLarge" },
  file_heicUnsupported: { status: 422, message: "heicUnsupported" },
  file_invalidCrop: { status: 422, message: "invalidCrop" },
  file_unsafeArchive: { status: 422, message: "unsafeArchive" },
  file_wrongKind: { status: 422, message: "mediaWrongKind" },
  file_alreadyExists: { status: 409, message: "documentAlreadyExists" },
  file_notFound: { status: 404, message: "documentNotFound" },
  file_converting: { status: 409, message: "fileConverting" },
  file_unableToConvert: { status: 422, message: "unableToConvert" },
  file_damaged: { status: 422, message: "damagedDocument" },
  file_downloadFailed: { status: 503, message: "downloadFailed" },
  upload_notFound: { status: 404, message: "uploadNotFound" },
  upload_offsetMismatch: { status: 409, message: "uploadOffsetMismatch" },
  upload_incomplete: { status: 409, message: "uploadIncomplete" },
  upload_chunkSize: { status: 422, message: "uploadChunkSize" },
  // Issue 11: the owner's storage quota (plans.ts media.storageBytes), processing bounds, media links
  file_quotaExceeded: { status: 413, message: "storageQuotaExceeded" },
  file_videoDimensionsTooLarge: { status: 422, message: "videoDimensionsTooLarge" },
  file_tooLong: { status: 422, message: "mediaTooLong" },
  /** A signed media URL past its time: the page that gave it is stale. */
  file_linkExpired: { status: 403, message: "mediaLinkExpired" },
  // Social layer (issue 6)
  /** Following, blocking or muting oneself. */
  social_selfNotAllowed: { status: 422, message: "cannotActOnSelf" },
  /** Following a profile one has blocked or that has blocked one (§8 "Could not follow the profile"). */
  social_followNotAllowed: { status: 403, message: "followFailed" },
  comments_disabled: { status: 403, message: "commentsOff" },
  comments_limited: { status: 403, message: "commentsLimited" },
  /** The per-post comment limit (product decisions: 1,000); the web shows the comment-limit dialog. */
  comments_limitReached: { status: 409, message: "commentLimitReached" },
  comment_notFound: { status: 404, message: "commentNotFound" },
  comment_notPinnable: { status: 422, message: "commentReplyNotPinnable" },
  reactions_disabled: { status: 403, message: "reactionsOff" },
  /** Feedback beyond 3 an hour per account (product decisions). */
  feedback_tooMany: { status: 429, message: "feedbackRateLimited" },
  /** Reports beyond 10 an hour per account (product decisions). */
  report_tooMany: { status: 429, message: "reportRateLimited" },
  /** Issue 16: the enterprise enquiry or ad consultation form too often from one account or address. */
  lead_tooMany: { status: 429, message: "leadRateLimited" },
  /** Issue 16: a staff change to a lead that changed meanwhile (optimistic concurrency). */
  lead_changed: { status: 409, message: "leadChanged" },
  // Identity verification (issue 12)
  /** §8: the person's country is on the sanctioned list (config SANCTIONED_COUNTRIES). */
  verification_countryUnavailable: { status: 422, message: "sanctionedCountry" },
  verification_inProgress: { status: 409, message: "verificationInProgress" },
  /** Verified already, or read-only (rejection, appeal): nothing to start. */
  verification_notAllowed: { status: 409, message: "verificationNotAllowed" },
  verification_retryLimitReached: { status: 409, message: "verificationRetryLimit" },
  verification_notFound: { status: 404, message: "verificationNotFound" },
  verification_alreadyDecided: { status: 409, message: "verificationAlreadyDecided" },
  verification_sessionExpired: { status: 409, message: "verificationSessionExpired" },
  verification_captureIncomplete: { status: 422, message: "verificationCaptureIncomplete" },
  verification_noDocumentsRequested: { status: 409, message: "verificationNoDocumentsRequested" },
  verification_documentsRequired: { status: 422, message: "verificationDocumentsRequired" },
  verification_tooManyDocuments: { status: 422, message: "verificationTooManyDocuments" },
  appeal_alreadySubmitted: { status: 409, message: "appealAlreadySubmitted" },
  appeal_notAllowed: { status: 409, message: "appealNotAllowed" },
  appeal_notFound: { status: 404, message: "resourceNotFound" },
  webhook_invalidSignature: { status: 400, message: "webhookInvalidSignature" },
  webhook_replayed: { status: 409, message: "webhookReplayed" },
  // Billing (issue 13)
  /** §8 payment failure: the card was declined (details.declineCode says why, as the provider did). */
  payments_paymentFailed: { status: 402, message: "paymentFailed" },
  payments_noPaymentMethod: { status: 409, message: "paymentsNoPaymentMethod" },
  payments_trialUnavailable: { status: 409, message: "paymentsTrialUnavailable" },
  /** Creator needs an approved application; enterprise is "contact us". */
  payments_planNotSelfServe: { status: 409, message: "paymentsPlanNotSelfServe" },
  payments_planUnavailable: { status: 422, message: "paymentsPlanUnavailable" },
  payments_noChange: { status: 409, message: "paymentsNoChange" },
  payments_noScheduledChange: { status: 409, message: "paymentsNoScheduledChange" },
  /** Another payment waits for the cardholder's authentication. */
  payments_actionPending: { status: 409, message: "paymentsActionPending" },
  payments_actionNotFound: { status: 404, message: "paymentsActionNotFound" },
  /** Removing the card a paid plan renews with. */
  payments_paymentMethodInUse: { status: 409, message: "paymentsPaymentMethodInUse" },
  payments_paymentMethodNotFound: { status: 404, message: "paymentsPaymentMethodNotFound" },
  payments_subscriptionNotFound: { status: 404, message: "resourceNotFound" },
  /** A downgrade below the team's current size (details.members, details.included). */
  payments_teamTooLarge: { status: 409, message: "paymentsTeamTooLarge" },
  /** The same idempotency key sent with a different request. */
  payments_idempotencyConflict: { status: 409, message: "paymentsIdempotencyConflict" },
  /** The sandbox's own calls, when the provider is a real one. */
  payments_sandboxOnly: { status: 404, message: "resourceNotFound" },
  payments_cardInvalid: { status: 422, message: "cardNumberInvalid" },
  payments_paidPlanRequired: { status: 409, message: "paymentsPaidPlanRequired" },
  payments_badgeNeedsPremium: { status: 409, message: "paymentsBadgeNeedsPremium" },
  payments_addonNotHeld: { status: 409, message: "paymentsAddonNotHeld" },
  payments_addonAlreadyHeld: { status: 409, message: "paymentsAddonAlreadyHeld" },
  /** Seats for a person, or on a plan whose team is unlimited. */
  payments_addonUnavailable: { status: 409, message: "paymentsAddonUnavailable" },
  creator_applicationExists: { status: 409, message: "creatorApplicationExists" },
  /** §4: a repeated appeal shows "already submitted". */
  creator_appealAlreadySubmitted: { status: 409, message: "appealAlreadySubmitted" },
  creator_appealNotAllowed: { status: 409, message: "creatorAppealNotAllowed" },
  creator_applicationNotFound: { status: 404, message: "creatorApplicationNotFound" },
  creator_alreadyDecided: { status: 409, message: "creatorAlreadyDecided" },
  // Messenger (issue 15)
  /** §8: the other side may not be messaged (policy, block, unverified, declined request). */
  chat_unavailable: { status: 403, message: "chatUnavailable" },
  /** Not a conversation of the acting profile (or declined by it): as missing as any other. */
  chat_notFound: { status: 404, message: "chatNotFound" },
  chat_messageNotFound: { status: 404, message: "chatMessageNotFound" },
  /** Writing to a conversation one left or was removed from. */
  chat_notMember: { status: 403, message: "chatNotMember" },
  chat_groupFull: { status: 409, message: "chatGroupFull" },
  chat_editWindowClosed: { status: 409, message: "chatEditWindowClosed" },
  /** Editing or deleting someone else's message. */
  chat_notSender: { status: 403, message: "chatNotSender" },
  /** Adding, removing or renaming in a group one did not create. */
  chat_notCreator: { status: 403, message: "chatNotCreator" },
  /** Group actions on a direct conversation. */
  chat_notGroup: { status: 422, message: "chatNotGroup" },
  /** Answering a message request that is not waiting for an answer. */
  chat_noRequest: { status: 409, message: "chatNoRequest" },
  /** Notes and assignment belong to company inboxes. */
  chat_notCompanyInbox: { status: 422, message: "chatNotCompanyInbox" },
  /** More new conversations a day than CHAT_NEW_PER_DAY. */
  chat_tooManyNew: { status: 429, message: "chatTooManyNew" },
  /** More messages a minute in one conversation than CHAT_MESSAGES_PER_MINUTE. */
  chat_tooManyMessages: { status: 429, message: "chatTooManyMessages" },
  // Trust and safety (issue 16)
  /** A subject, strike or appeal that does not exist (or is not the caller's). */
  moderation_notFound: { status: 404, message: "resourceNotFound" },
  /** A staff action on a subject that changed since it was loaded: details.subject is it now. */
  moderation_subjectChanged: { status: 409, message: "moderationSubjectChanged" },
  /** An action that does not fit the subject (removing a profile, acting on what is gone). */
  moderation_actionNotAllowed: { status: 422, message: "moderationActionNotAllowed" },
  /** A suspension of the same account already waits for approval. */
  moderation_alreadyPending: { status: 409, message: "moderationAlreadyPending" },
  /** Approving one's own suspension, or deciding the appeal of one's own action. */
  moderation_ownDecision: { status: 403, message: "moderationOwnDecision" },
  /** Approving what no longer waits for approval, deciding an appeal that is not waiting. */
  moderation_notPending: { status: 409, message: "moderationNotPending" },
  /** Appealing a strike that is not in force (reversed, cancelled, not approved yet). */
  moderation_appealNotAllowed: { status: 409, message: "moderationAppealNotAllowed" },
  /** A suspended person's appeal link that is wrong, expired or already used. */
  moderation_appealLinkInvalid: { status: 400, message: "moderationAppealLinkInvalid" },
  /** A moderation limit: the person reads but does not publish, comment, message, follow or react. */
  account_limited: { status: 403, message: "accountLimited" },
} as const satisfies Record<string, { status: number; message: MessageKey }>;

export type ErrorCode = keyof typeof catalogue;
export const errorCodes = Object.keys(catalogue) as ErrorCode[];

export function errorStatus(code: ErrorCode): number {
  return catalogue[code].status;
}

/** The catalogue key of a code's default message (error-messages.ts reads its text). */
export function errorMessageKey(code: ErrorCode): MessageKey {
  return catalogue[code].message;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && value in catalogue;
}

/** The wire shape of every failed response. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}
