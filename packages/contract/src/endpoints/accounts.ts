import { z } from "zod";
import {
  accessChangeFinishRequestSchema,
  accessChangeInitializeRequestSchema,
  accessChangeInitializeResponseSchema,
  accessChangeParamsSchema,
  accessChangeUndoRequestSchema,
  accessChangeUndoResponseSchema,
  accountDeletedResponseSchema,
  accountRemovedResponseSchema,
  authCallbackParamsSchema,
  emailCheckRequestSchema,
  emailCheckResponseSchema,
  emailCodeResendRequestSchema,
  emailCodeVerifyRequestSchema,
  generalInfoResponseSchema,
  genericSignInRequestSchema,
  passwordChangedResponseSchema,
  passwordChangeRequestSchema,
  passwordResetCompleteRequestSchema,
  passwordResetRequestSchema,
  signInRequestSchema,
  signOutRequestSchema,
  signUpRequestSchema,
  slugExistsRequestSchema,
  slugExistsResponseSchema,
  slugGenerateRequestSchema,
  slugGenerateResponseSchema,
  switchAccountRequestSchema,
  twoFactorBackupCodeRequestSchema,
  twoFactorConfirmRequestSchema,
  twoFactorPasswordRequestSchema,
  twoFactorVerifyRequestSchema,
  userInviteAcceptRequestSchema,
  userInviteResponseSchema,
  userInvitesCreateRequestSchema,
  userInvitesCreateResponseSchema,
  userInvitesListResponseSchema,
  userInvitesQuerySchema,
} from "../schemas/accounts";
import { profileUpdateRequestSchema } from "../schemas/profiles";
import {
  authStatusSchema,
  authSuccessSchema,
  companyMembershipsResponseSchema,
  csrfResponseSchema,
  pageSessionSchema,
  providersResponseSchema,
  sessionResponseSchema,
  sessionUserResponseSchema,
  signInResponseSchema,
  signUpResponseSchema,
  twoFactorEnableResponseSchema,
  twoFactorSignedInSchema,
  twoFactorStatusResponseSchema,
  verifyEmailResponseSchema,
} from "../schemas/session";
import { endpoint } from "./define";

const tags = ["accounts"];
const authTags = ["auth"];
/**
 * The auth limit per client address; the API sets the deployment's own (AUTH_RATE_LIMIT_PER_MINUTE),
 * so this is its default.
 */
const authLimit = { max: 10, per: "minute", by: "address" } as const;
/** The signed-in person, also while the acting company is gone (they must be able to leave it). */
const ownAccount = { who: "session", allowLostActingProfile: true } as const;

const signInDescription =
  "The answer's `token` (and the set-auth-token header) goes to API clients only: a browser's request (an Origin, Sec-Fetch-Site or cookies) gets the httpOnly session cookie and no token. Errors: 401 request_invalidCredentials; 403 user_registrationNotFinished (a new code was mailed; details.codeSent); 403 user_deleted (details.restoreToken for PATCH /users/me/restore or DELETE /users/me/complete-removal); 403 account_unavailable (blocked); 403 request_untrustedOrigin (the page's Origin may not sign in; details.expected); 429 request_tooMany (per address); 429 request_tooManyForEmail (10 tries in 15 minutes for this email from any address, each further one doubling the wait, up to an hour; a successful sign-in clears them). A person with a second factor on (staff) gets no session yet: the answer is `{ twoFactorRedirect: true, twoFactorMethods }` (and `twoFactorToken` for API clients), and POST /api/auth/two-factor/verify-totp finishes the sign-in.";
/**
 * The three sign-in routes share one counter per client address (AUTH_RATE_LIMIT_PER_MINUTE),
 * which the API adds as a hook of its own: a route limit would count per route.
 */
const signInPolicy = { who: "anyone", rateLimit: false } as const;
const signInErrors = [
  "request_invalidCredentials",
  "request_tooManyForEmail",
  "request_untrustedOrigin",
  "user_registrationNotFinished",
  "user_deleted",
  "account_unavailable",
  "request_forbidden",
  "request_tooMany",
] as const;

const twoFactorStepDescription =
  "Browsers send the code only (the challenge rides in an httpOnly cookie); API clients send the twoFactorToken of the sign-in answer too. Errors: 400 code_invalid (“Invalid code. Try again.”); 401 twoFactor_challengeExpired (10 minutes passed, the code was used or no sign-in began: sign in again); 429 code_tooManyAttempts (5 wrong codes for one sign-in: sign in again); 429 request_tooManyForEmail (5 codes in 15 minutes for this account, from any address; a right code clears them; 10 wrong codes lock the account's second step for 15 minutes); 403 account_unavailable.";
const twoFactorStepErrors = [
  "code_invalid",
  "twoFactor_challengeExpired",
  "code_tooManyAttempts",
  "request_tooManyForEmail",
  "account_unavailable",
  "user_deleted",
  "request_forbidden",
  "request_untrustedOrigin",
] as const;

/**
 * Accounts (spec §7 "Users"): the /api/auth wrappers around better-auth, the signed-in person's
 * own account (no route takes a user id: every change is to the caller's own account), handles
 * and invitations. The domain routes answer on API v1 and, unchanged, on v2.
 */
export const accountsEndpoints = {
  // ——— /api/auth: better-auth behind a whitelist ———————————————————————————————————————
  csrf: endpoint({
    method: "GET",
    path: "/api/auth/csrf",
    tags: authTags,
    summary: "A CSRF token for form-encoded sign-in, callback and sign-out (double-submit cookie)",
    responses: { 200: csrfResponseSchema },
    policy: { who: "anyone", rateLimit: authLimit },
  }),
  providers: endpoint({
    method: "GET",
    path: "/api/auth/providers",
    tags: authTags,
    summary: "The sign-in methods",
    responses: { 200: providersResponseSchema },
    policy: { who: "anyone", rateLimit: false },
  }),
  session: endpoint({
    method: "GET",
    path: "/api/auth/session",
    tags: authTags,
    summary: "The current session (expiry and user; never the token), or null when signed out",
    responses: { 200: pageSessionSchema.nullable() },
    policy: { who: "anyone", rateLimit: false },
  }),
  getSession: endpoint({
    method: "GET",
    path: "/api/auth/get-session",
    tags: authTags,
    summary: "better-auth's session answer ({session, user} or null)",
    responses: { 200: z.unknown() },
    policy: { who: "anyone", rateLimit: false },
    errors: ["request_invalidSessionToken"],
  }),
  signUp: endpoint({
    method: "POST",
    path: "/api/auth/sign-up/email",
    tags: authTags,
    summary: "Create an account; a 6-character code is mailed to prove the email",
    description:
      "Errors: 409 user_emailAlreadyUsed; 403 user_registrationNotFinished (exists, email not proven: sign in to get a new code); 403 user_deleted (sign in to restore or remove it); 403 account_unavailable (blocked → /not-available); 422 request_validationFailed; 429 request_tooMany.",
    body: signUpRequestSchema,
    responses: { 200: signUpResponseSchema },
    policy: { who: "anyone", rateLimit: authLimit },
    errors: [
      "user_emailAlreadyUsed",
      "user_registrationNotFinished",
      "user_deleted",
      "account_unavailable",
      "request_forbidden",
      "request_untrustedOrigin",
    ],
  }),
  resendEmailCode: endpoint({
    method: "POST",
    path: "/api/auth/email-otp/send-verification-otp",
    tags: authTags,
    summary: "Mail a new email-verification code (the previous one stops working)",
    description:
      "Always answers success for an unknown email and for one already proven (nothing is mailed: a code signs in, so it is only for finishing registration). Errors: 503 request_unavailable (mail down); 429 request_tooManyForEmail (5 requests an hour for this email); 429 email_tooManyMails (5 codes an hour to one address); 429.",
    body: emailCodeResendRequestSchema,
    responses: { 200: authSuccessSchema },
    policy: { who: "anyone", rateLimit: authLimit },
    errors: [
      "request_unavailable",
      "request_forbidden",
      "request_tooManyForEmail",
      "email_tooManyMails",
      "request_untrustedOrigin",
    ],
  }),
  verifyEmail: endpoint({
    method: "POST",
    path: "/api/auth/email-otp/verify-email",
    tags: authTags,
    summary:
      "Prove the email with the mailed code; signs in (sets the cookie; returns the token to API clients, never to browsers)",
    description:
      "Only an email not proven yet: for a proven one every code is code_invalid (it never signs in). Errors: 400 code_invalid (“Invalid code. Try again.”), 400 code_expired, 429 code_tooManyAttempts (5 wrong tries: request a new code), 429 request_tooManyForEmail (10 checks in 15 minutes for this email), 403 user_deleted / account_unavailable.",
    body: emailCodeVerifyRequestSchema,
    responses: { 200: verifyEmailResponseSchema },
    policy: { who: "anyone", rateLimit: authLimit },
    errors: [
      "code_invalid",
      "code_expired",
      "code_tooManyAttempts",
      "user_deleted",
      "account_unavailable",
      "request_forbidden",
      "request_tooManyForEmail",
      "request_untrustedOrigin",
    ],
  }),
  signInEmail: endpoint({
    method: "POST",
    path: "/api/auth/sign-in/email",
    tags: authTags,
    summary:
      "Sign in with email and password: sets the session cookie; returns the bearer token to API clients, never to browsers",
    description: signInDescription,
    body: signInRequestSchema,
    responses: { 200: signInResponseSchema },
    policy: signInPolicy,
    errors: signInErrors,
  }),
  signIn: endpoint({
    method: "POST",
    path: "/api/auth/sign-in",
    tags: authTags,
    summary: "Generic sign-in (§7): form-encoded (with csrfToken) or JSON; same as /sign-in/email",
    description: signInDescription,
    body: genericSignInRequestSchema,
    responses: { 200: signInResponseSchema },
    policy: signInPolicy,
    errors: [...signInErrors, "request_invalidCsrfToken"],
  }),
  signInCallback: endpoint({
    method: "POST",
    path: "/api/auth/callback/:provider",
    tags: authTags,
    summary: "Generic sign-in callback (§7); only the credentials provider exists",
    description: signInDescription,
    params: authCallbackParamsSchema,
    body: genericSignInRequestSchema,
    responses: { 200: signInResponseSchema },
    policy: signInPolicy,
    errors: [...signInErrors, "request_invalidCsrfToken", "request_notFound"],
  }),

  // ——— Second factor (issue 16): the sign-in's second step and enrolment ————————————————
  twoFactorVerifyTotp: endpoint({
    method: "POST",
    path: "/api/auth/two-factor/verify-totp",
    tags: authTags,
    summary:
      "The sign-in's second step: the authenticator's code after a sign-in answered twoFactorRedirect; starts the session (cookie; the token to API clients only)",
    description: twoFactorStepDescription,
    body: twoFactorVerifyRequestSchema,
    responses: { 200: twoFactorSignedInSchema },
    policy: { who: "anyone", rateLimit: authLimit },
    errors: twoFactorStepErrors,
  }),
  twoFactorVerifyBackupCode: endpoint({
    method: "POST",
    path: "/api/auth/two-factor/verify-backup-code",
    tags: authTags,
    summary:
      "The sign-in's second step with a backup code instead (each works once); starts the session as verify-totp does",
    description: twoFactorStepDescription,
    body: twoFactorBackupCodeRequestSchema,
    responses: { 200: twoFactorSignedInSchema },
    policy: { who: "anyone", rateLimit: authLimit },
    errors: twoFactorStepErrors,
  }),
  twoFactorEnable: endpoint({
    method: "POST",
    path: "/api/auth/two-factor/enable",
    tags: authTags,
    summary:
      "Set up a second factor (TOTP) with the password: the authenticator's key and URI and 10 backup codes, shown once; on after the first code (confirm)",
    description:
      "Calling it again before confirming replaces the key and the codes. Errors: 422 user_wrongPassword; 409 twoFactor_alreadyEnabled; 429.",
    body: twoFactorPasswordRequestSchema,
    responses: { 200: twoFactorEnableResponseSchema },
    policy: { ...ownAccount, rateLimit: authLimit },
    errors: [
      "user_wrongPassword",
      "twoFactor_alreadyEnabled",
      "request_forbidden",
      "request_untrustedOrigin",
    ],
  }),
  twoFactorConfirm: endpoint({
    method: "POST",
    path: "/api/auth/two-factor/confirm",
    tags: authTags,
    summary:
      "Turn the second factor on with the authenticator's first code (better-auth's verify-totp with the session); the session is replaced",
    description:
      "From now on signing in asks for a code, and a staff role takes effect. Errors: 400 code_invalid (“Invalid code. Try again.”); 409 twoFactor_notEnabled (enable first); 429 request_tooManyForEmail (5 codes in 15 minutes for this account).",
    body: twoFactorConfirmRequestSchema,
    responses: { 200: twoFactorStatusResponseSchema },
    policy: { ...ownAccount, rateLimit: authLimit },
    errors: [
      "code_invalid",
      "twoFactor_notEnabled",
      "request_tooManyForEmail",
      "request_forbidden",
      "request_untrustedOrigin",
    ],
  }),
  twoFactorDisable: endpoint({
    method: "POST",
    path: "/api/auth/two-factor/disable",
    tags: authTags,
    summary:
      "Turn the second factor off with the password (a staff role stops counting until it is on again); the session is replaced",
    description: "Errors: 422 user_wrongPassword; 409 twoFactor_notEnabled; 429.",
    body: twoFactorPasswordRequestSchema,
    responses: { 200: twoFactorStatusResponseSchema },
    policy: { ...ownAccount, rateLimit: authLimit },
    errors: ["user_wrongPassword", "twoFactor_notEnabled", "request_forbidden", "request_untrustedOrigin"],
  }),
  signOut: endpoint({
    method: "POST",
    path: "/api/auth/sign-out",
    tags: authTags,
    summary: "End this session: clears the cookie and closes its sockets",
    body: signOutRequestSchema,
    responses: { 200: authSuccessSchema },
    policy: { who: "anyone", rateLimit: false },
    errors: ["request_invalidCsrfToken", "request_forbidden"],
  }),
  requestPasswordReset: endpoint({
    method: "POST",
    path: "/api/auth/request-password-reset",
    tags: authTags,
    summary: "Mail a password-reset link (the web page /login/reset-password?token=…)",
    description:
      "Errors: 404 user_emailNotFound (“User with this email not found.”); 403 account_unavailable (blocked); 503 request_unavailable; 429 request_tooManyForEmail (3 requests an hour for this email); 429 email_tooManyMails (the address's mail cap); 429.",
    body: passwordResetRequestSchema,
    responses: { 200: authStatusSchema },
    policy: { who: "anyone", rateLimit: authLimit },
    errors: [
      "user_emailNotFound",
      "account_unavailable",
      "request_unavailable",
      "request_forbidden",
      "request_tooManyForEmail",
      "email_tooManyMails",
      "request_untrustedOrigin",
    ],
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/auth/reset-password",
    tags: authTags,
    summary: "Set a new password with the mailed link's token; every session of the account ends",
    description:
      "Errors: 400 user_resetLinkExpired (“The link has expired, try doing a password reset again.”); 422; 429.",
    body: passwordResetCompleteRequestSchema,
    responses: { 200: authStatusSchema },
    policy: { who: "anyone", rateLimit: authLimit },
    errors: ["user_resetLinkExpired", "request_forbidden"],
  }),

  // ——— The signed-in person's own account ————————————————————————————————————————————
  me: endpoint({
    method: "GET",
    path: "/api/v1/users/me",
    alsoAt: ["/api/v2/users/me"],
    tags,
    summary: "The Session user (§3); refreshed by the web on focus, reconnect and mount",
    description: "401 when not signed in; 403 accountManager_ownerNotFound when the acting company is gone.",
    responses: { 200: sessionUserResponseSchema },
    policy: { who: "session" },
  }),
  deleteMe: endpoint({
    method: "DELETE",
    path: "/api/v1/users/me",
    alsoAt: ["/api/v2/users/me"],
    tags,
    summary: "Delete the account (restorable): status deleted, every session ends, the cookie is cleared",
    responses: { 200: accountDeletedResponseSchema },
    policy: { ...ownAccount, rateLimit: authLimit },
  }),
  restore: endpoint({
    method: "PATCH",
    path: "/api/v1/users/me/restore",
    alsoAt: ["/api/v2/users/me/restore"],
    tags,
    summary: "Restore a deleted account with its restore token (Authorization: Bearer) and sign in",
    description:
      "The token is details.restoreToken of the user_deleted answer to sign-in. Sets the session cookie and returns the Session (its session token only to API clients: a browser's request, with an Origin, Sec-Fetch-Site or cookies, gets none). Errors: 401 user_restoreTokenInvalid (wrong, used or expired token); 403 account_unavailable (blocked); 429.",
    responses: { 200: sessionResponseSchema },
    // Proven by the restore token as a bearer, not by a session.
    security: [{ bearer: [] }],
    policy: { who: "anyone", rateLimit: authLimit },
    errors: ["user_restoreTokenInvalid", "account_unavailable", "server_internal"],
  }),
  completeRemoval: endpoint({
    method: "DELETE",
    path: "/api/v1/users/me/complete-removal",
    alsoAt: ["/api/v2/users/me/complete-removal"],
    tags,
    summary: "Remove a deleted account entirely (restore token as Authorization: Bearer), freeing its email",
    description:
      "Everything the account owns goes, in one transaction. Errors: 401 user_restoreTokenInvalid; 403 account_unavailable; 5xx server_internal.",
    responses: { 200: accountRemovedResponseSchema },
    // Proven by the restore token as a bearer, not by a session.
    security: [{ bearer: [] }],
    policy: { who: "anyone", rateLimit: authLimit },
    errors: ["user_restoreTokenInvalid", "account_unavailable", "server_internal"],
  }),
  generalInfo: endpoint({
    method: "GET",
    path: "/api/v1/users/me/general-info",
    alsoAt: ["/api/v2/users/me/general-info"],
    tags,
    summary: "The profile fields of the create-profile wizard and settings",
    responses: { 200: generalInfoResponseSchema },
    policy: { who: "session" },
  }),
  updateGeneralInfo: endpoint({
    method: "PATCH",
    path: "/api/v1/users/me/general-info",
    alsoAt: ["/api/v2/users/me/general-info"],
    tags,
    summary: "Update one's own profile (any subset); name + date of birth complete the wizard",
    description:
      "Completing the required fields turns profile-not-completed into active. socialLinks (site is the website), contacts and backgroundImageUrl (one's own user_background_image upload) edit the profile page; null clears. Errors: 422 request_validationFailed (the §5 messages per field); 409 slug_alreadyTakenConflict; 403 account_accessForbiddenByPlan (a handle without two digits needs verified Premium).",
    // The page's fields (website and social links, contacts, background) ride on the same route:
    // one's own profile is one resource, saved in one transaction, whichever form sends a subset.
    body: profileUpdateRequestSchema,
    responses: { 200: generalInfoResponseSchema },
    policy: ownAccount,
    errors: ["slug_alreadyTakenConflict", "account_accessForbiddenByPlan"],
  }),
  changePassword: endpoint({
    method: "PATCH",
    path: "/api/v1/users/me/password",
    alsoAt: ["/api/v2/users/me/password"],
    tags,
    summary: "Change the password; every OTHER session ends (this one stays)",
    description:
      "Errors: 422 user_wrongPassword (details[0].path body.currentPassword); 422 request_validationFailed; 429.",
    body: passwordChangeRequestSchema,
    responses: { 200: passwordChangedResponseSchema },
    policy: { ...ownAccount, rateLimit: authLimit },
    errors: ["user_wrongPassword"],
  }),
  accessChangeInitialize: endpoint({
    method: "POST",
    path: "/api/v1/users/me/access-change/:type/initialize",
    alsoAt: ["/api/v2/users/me/access-change/:type/initialize"],
    tags,
    summary: "Start changing the email or phone (current password required): a code goes to the new address",
    description:
      "Body {value, currentPassword}: an email (type email) or a phone number (type phone), and the account's current password. Errors: 422 user_wrongPassword (details path body.currentPassword); 422 request_validationFailed (details path body.value); 409 user_emailAlreadyUsed / user_phoneAlreadyUsed; 422 sms_undeliverable; 503 request_unavailable; 429.",
    params: accessChangeParamsSchema,
    body: accessChangeInitializeRequestSchema,
    responses: { 200: accessChangeInitializeResponseSchema },
    policy: { ...ownAccount, rateLimit: authLimit },
    errors: [
      "user_wrongPassword",
      "user_emailAlreadyUsed",
      "user_phoneAlreadyUsed",
      "sms_undeliverable",
      "request_unavailable",
    ],
  }),
  accessChangeFinish: endpoint({
    method: "POST",
    path: "/api/v1/users/me/access-change/:type/finish",
    alsoAt: ["/api/v2/users/me/access-change/:type/finish"],
    tags,
    summary: "Finish the change with the code; every OTHER session ends; answers the updated Session user",
    description:
      "The old email (for a phone change, the account's email) is told, with a link that undoes the change. Errors: 400 code_invalid; 400 code_expired; 429 code_tooManyAttempts; 409 user_emailAlreadyUsed.",
    params: accessChangeParamsSchema,
    body: accessChangeFinishRequestSchema,
    responses: { 200: sessionUserResponseSchema },
    policy: { ...ownAccount, rateLimit: authLimit },
    errors: [
      "code_invalid",
      "code_expired",
      "code_tooManyAttempts",
      "user_emailAlreadyUsed",
      "user_phoneAlreadyUsed",
      "accountManager_ownerNotFound",
    ],
  }),
  accessChangeUndo: endpoint({
    method: "POST",
    path: "/api/v1/users/me/access-change/undo",
    alsoAt: ["/api/v2/users/me/access-change/undo"],
    tags,
    summary: "Undo an email or phone change with the token of the link mailed to the old address",
    description:
      "Restores the old email or phone and ends every session of the account (the person signs in again). Needs no session: the token proves the old address. Errors: 400 user_undoLinkInvalid (wrong, used, superseded or expired); 409 user_emailAlreadyUsed / user_phoneAlreadyUsed (the old value was taken meanwhile); 429.",
    body: accessChangeUndoRequestSchema,
    responses: { 200: accessChangeUndoResponseSchema },
    policy: { who: "anyone", rateLimit: authLimit },
    errors: ["user_undoLinkInvalid", "user_emailAlreadyUsed", "user_phoneAlreadyUsed"],
  }),
  emailCheck: endpoint({
    method: "POST",
    path: "/api/v1/users/email/check",
    alsoAt: ["/api/v2/users/email/check"],
    tags,
    summary: "The sign-up form's live email check: used, notUsed, or the local states of §4",
    body: emailCheckRequestSchema,
    responses: { 200: emailCheckResponseSchema },
    // The API sets the deployment's own limit (EMAIL_CHECK_RATE_LIMIT_PER_MINUTE).
    policy: { who: "anyone", rateLimit: { max: 30, per: "minute", by: "address" } },
  }),
  switchAccount: endpoint({
    method: "POST",
    path: "/api/v1/users/switch-account",
    alsoAt: ["/api/v2/users/switch-account"],
    tags,
    summary: "Act as oneself (type.id user) or as a company one belongs to (type.id company, id)",
    description:
      "Answers the Session user as the new account. Errors: 403 accountManager_permissionNotProvided.",
    body: switchAccountRequestSchema,
    responses: { 200: sessionUserResponseSchema },
    policy: ownAccount,
    errors: ["accountManager_permissionNotProvided"],
  }),
  companies: endpoint({
    method: "GET",
    path: "/api/v1/users/me/companies",
    alsoAt: ["/api/v2/users/me/companies"],
    tags,
    summary: "The companies one may act for (account switcher)",
    responses: { 200: companyMembershipsResponseSchema },
    policy: ownAccount,
  }),

  // ——— Handles ————————————————————————————————————————————————————————————————————————
  generateSlug: endpoint({
    method: "POST",
    path: "/api/v1/dashboard/owner/slug/generate",
    alsoAt: ["/api/v2/dashboard/owner/slug/generate"],
    tags,
    summary: "Suggest a free handle (with two digits, so no Premium is needed) from a name",
    body: slugGenerateRequestSchema,
    responses: { 200: slugGenerateResponseSchema },
    policy: { who: "anyone", rateLimit: { max: 60, per: "minute", by: "address" } },
  }),
  slugExists: endpoint({
    method: "POST",
    path: "/api/v1/dashboard/owner/slug/exists",
    alsoAt: ["/api/v2/dashboard/owner/slug/exists"],
    tags,
    summary: "Whether a handle is taken, and whether the caller may take it",
    body: slugExistsRequestSchema,
    responses: { 200: slugExistsResponseSchema },
    policy: { who: "anyone", rateLimit: { max: 120, per: "minute", by: "address" } },
  }),

  // ——— Invitations (spec §7 GET and PATCH /user-invites; POST sends them) ————————————————————
  invites: endpoint({
    method: "GET",
    path: "/api/v1/user-invites",
    alsoAt: ["/api/v2/user-invites"],
    tags,
    summary: "With ?code: one invitation (public, email masked). Without: the caller's sent invitations",
    description: "Errors: 404 invite_notFound (by code); 401 when listing without a session.",
    query: userInvitesQuerySchema,
    responses: { 200: z.union([userInviteResponseSchema, userInvitesListResponseSchema]) },
    policy: { who: "anyone", rateLimit: { max: 60, per: "minute", by: "address" } },
    errors: ["invite_notFound", "request_unauthenticated"],
  }),
  sendInvites: endpoint({
    method: "POST",
    path: "/api/v1/user-invites",
    alsoAt: ["/api/v2/user-invites"],
    tags,
    summary: "Invite up to 50 emails to join; each gets a link with a code",
    description: "Per email: sent, alreadyInvited (a live invitation from you exists) or alreadyMember.",
    body: userInvitesCreateRequestSchema,
    responses: { 200: userInvitesCreateResponseSchema },
    policy: { who: "active", rateLimit: { max: 10, per: "minute", by: "address" } },
  }),
  acceptInvite: endpoint({
    method: "PATCH",
    path: "/api/v1/user-invites",
    alsoAt: ["/api/v2/user-invites"],
    tags,
    summary: "Accept an invitation after signing up (the code of the link): only its invited email may",
    description:
      "The signed-in email must be the invited one. Errors: 404 invite_notFound (unknown, or sent to another email); 409 invite_unavailable (used, revoked, expired, your own, or a block between you and the inviter).",
    body: userInviteAcceptRequestSchema,
    responses: { 200: userInviteResponseSchema },
    policy: { who: "session", rateLimit: { max: 30, per: "minute", by: "address" } },
    errors: ["invite_notFound", "invite_unavailable"],
  }),
};
