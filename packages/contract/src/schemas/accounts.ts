import { z } from "zod";
import {
  ABOUT_MAX,
  ABOUT_MAX_LINE_BREAKS,
  BULK_INVITE_MAX_EMAILS,
  CITY_MAX,
  EMAIL_MAX,
  EMAIL_MIN,
  HANDLE_FREE_MIN_DIGITS,
  HANDLE_MAX,
  HANDLE_MIN,
  MIN_AGE,
  ONE_TIME_CODE_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
  PERSON_NAME_MAX,
  PERSON_NAME_MIN,
  PHONE_MIN_DIGITS,
  PROFESSION_MAX,
  TOTP_CODE_LENGTH,
  URL_MAX_LENGTH_HTTP,
} from "../constants";
import { commonMessages } from "../messages/common";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { cleanText } from "../text";
import { userText } from "./common";

/** Field rules of §5, shared by the API's request schemas and the web's forms. */

export const emailSchema = userText({ error: sharedMessages.fieldRequired })
  .trim()
  .min(1, sharedMessages.fieldRequired)
  .min(EMAIL_MIN, sharedMessages.invalidEmail)
  .max(EMAIL_MAX, sharedMessages.invalidEmail)
  .pipe(z.email({ error: sharedMessages.invalidEmail }))
  .transform((v) => v.toLowerCase());

export const passwordSchema = userText({ error: sharedMessages.fieldRequired })
  .min(1, sharedMessages.fieldRequired)
  .min(PASSWORD_MIN, format(validationMessages.passwordMin, { count: PASSWORD_MIN }))
  .max(PASSWORD_MAX, format(sharedMessages.maxChars, { count: PASSWORD_MAX }));

/** Only digits and phone symbols, and at least PHONE_MIN_DIGITS digits (§5). */
export const phoneSchema = userText({ error: sharedMessages.fieldRequired })
  .trim()
  .min(1, sharedMessages.fieldRequired)
  .regex(/^[0-9+\-() .]+$/, validationMessages.invalidPhone)
  .refine((v) => v.replace(/\D/g, "").length >= PHONE_MIN_DIGITS, {
    message: format(validationMessages.phoneMinDigits, { count: PHONE_MIN_DIGITS }),
  });

export const handlePattern = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i;

/**
 * Handles nobody may hold (issue 18): a profile lives at /{handle}, so a handle equal to one of the
 * web's top-level routes would be shadowed by that page, and names of the product's own roles and
 * machinery would mislead. apps/web/test checks that every top-level route of src/app is listed;
 * migration 0022 moved existing profiles off them.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  // The web's top-level routes (spec §2 and the back-office)
  "admin",
  "advertise",
  "blog",
  "chats",
  "companies",
  "cookies",
  "create",
  "create-profile",
  "faq",
  "jumio",
  "login",
  "logout",
  "moderation-appeal",
  "not-available",
  "not-found",
  "notifications",
  "posts",
  "privacy",
  "releases",
  "responses",
  "search",
  "settings",
  "statements",
  "terms",
  "trust-center",
  "verification",
  "version.json",
  // Served by the API or the framework under the same origin
  "api",
  "socket.io",
  "_next",
  "static",
  "favicon.ico",
  "robots.txt",
  "sitemap.xml",
  // Names of the product's own people and machinery
  "administrator",
  "moderator",
  "staff",
  "support",
  "help",
  "security",
  "billing",
  "home",
  "feed",
  "explore",
  "messages",
  "about",
  "me",
  "root",
  "system",
]);

/** Whether a handle is reserved, in any letter case. */
export function isReservedHandle(handle: string): boolean {
  return RESERVED_HANDLES.has(handle.trim().toLowerCase());
}

export const handleSchema = userText({ error: sharedMessages.fieldRequired })
  .trim()
  .min(1, sharedMessages.fieldRequired)
  .min(HANDLE_MIN, format(sharedMessages.minChars, { count: HANDLE_MIN }))
  .max(HANDLE_MAX, format(sharedMessages.maxChars, { count: HANDLE_MAX }))
  .regex(handlePattern, sharedMessages.handleInvalidFormat)
  .refine((handle) => !isReservedHandle(handle), validationMessages.handleReserved);

/** A handle with fewer than two digits is a premium handle (product decisions). */
export function isPremiumHandle(handle: string): boolean {
  return (handle.match(/\d/g) ?? []).length < HANDLE_FREE_MIN_DIGITS;
}

export const oneTimeCodeSchema = userText({ error: sharedMessages.fieldRequired })
  .trim()
  .length(ONE_TIME_CODE_LENGTH, commonMessages.invalidCode)
  .regex(/^[A-Za-z0-9]+$/, commonMessages.invalidCode);

/** Age in whole years on `today` of someone born on `dateOfBirth` (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export const dateOfBirthSchema = userText({ error: validationMessages.dateOfBirthRequired })
  .min(1, validationMessages.dateOfBirthRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, validationMessages.dateOfBirthRequired)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), validationMessages.dateOfBirthRequired)
  .refine((v) => ageOn(v, new Date()) >= MIN_AGE, validationMessages.mustBeAdult);

export const consentSchema = z.literal(true, { error: validationMessages.consentRequired });

export const slugExistsRequestSchema = z.object({ slug: handleSchema });
export const slugExistsResponseSchema = z.object({
  data: z.object({
    slug: z.string(),
    exists: z.boolean(),
    /** Free to take now by the caller. */
    available: z.boolean(),
    reason: z.enum(["taken", "needsPremium"]).optional(),
    message: z.string().optional(),
  }),
});
export type SlugExistsResponse = z.infer<typeof slugExistsResponseSchema>;

// ————————————————————————————————————————————————————————————————————————————————
// Issue 3: sign-up, sign-in, codes, password, profile wizard, settings, invitations.
// Request schemas are what the API validates; `…FormSchema` adds the fields only a form has
// (confirmations), so web forms and the API share every rule and message.
// ————————————————————————————————————————————————————————————————————————————————

/** Latin letters (with diacritics), spaces, apostrophes, dots and hyphens (§5 "Only Latin characters"). */
export const personNamePattern = /^[\p{Script=Latin}\p{M}][\p{Script=Latin}\p{M} '’.-]*$/u;

export const personNameSchema = userText({ error: sharedMessages.fieldRequired })
  .transform(cleanText)
  .pipe(
    z
      .string()
      .min(1, sharedMessages.fieldRequired)
      .min(PERSON_NAME_MIN, format(sharedMessages.minChars, { count: PERSON_NAME_MIN }))
      .max(PERSON_NAME_MAX, format(sharedMessages.maxChars, { count: PERSON_NAME_MAX }))
      .regex(personNamePattern, validationMessages.onlyLatin),
  );

/** An optional free-text field: cleaned (§5), empty → null, at most `max` characters. */
export function optionalText(max: number, maxLineBreaks = 0) {
  return userText()
    .transform(cleanText)
    .pipe(
      z
        .string()
        .max(max, format(sharedMessages.maxChars, { count: max }))
        .refine((v) => (v.match(/\n/g) ?? []).length <= maxLineBreaks, {
          message: format(validationMessages.maxLineBreaks, { count: maxLineBreaks }),
        })
        .transform((v) => (v === "" ? null : v)),
    )
    .nullable()
    .optional();
}

/** ISO 3166-1 alpha-2 country code ("PL"). */
export const countrySchema = userText()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, sharedMessages.invalidCountry))
  .nullable()
  .optional();

/** A link to an image (uploads arrive with the media issue; until then a URL). */
export const imageUrlSchema = userText()
  .trim()
  .max(URL_MAX_LENGTH_HTTP, commonMessages.urlTooLong)
  .pipe(z.url({ protocol: /^https?$/, error: validationMessages.invalidUrl }))
  .nullable()
  .optional();

export const signUpRequestSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    /** Optional at sign-up; the create-profile wizard asks for it. */
    name: personNameSchema.optional(),
    acceptTerms: consentSchema,
    acceptPrivacy: consentSchema,
    /** An invitation code (type=invite&code=…); honoured after the account is created. */
    inviteCode: userText().trim().max(64).optional(),
  })
  .meta({ id: "SignUpRequest" });
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

function withConfirmation<T extends z.ZodRawShape>(
  shape: z.ZodObject<T>,
  field: string,
  confirmField: string,
) {
  return shape.extend({ [confirmField]: userText({ error: sharedMessages.fieldRequired }) }).refine(
    (v) => {
      const values = v as Record<string, unknown>;
      return values[field] === values[confirmField];
    },
    {
      path: [confirmField],
      message: sharedMessages.passwordsMustMatch,
      // Checked even while other fields are wrong (a refinement otherwise waits for a valid object),
      // so a mismatch is said together with everything else, not last.
      when: (payload) => {
        const values = payload.value as Record<string, unknown> | null;
        return typeof values?.[field] === "string" && typeof values?.[confirmField] === "string";
      },
    },
  );
}

export const signUpFormSchema = withConfirmation(signUpRequestSchema, "password", "passwordConfirmation");

export const signInRequestSchema = z
  .object({
    email: emailSchema,
    // Not the sign-up rule: an older password may be shorter; a wrong one is just wrong.
    password: userText({ error: sharedMessages.fieldRequired })
      .min(1, sharedMessages.fieldRequired)
      .max(PASSWORD_MAX),
    rememberMe: z.boolean().optional(),
  })
  .meta({ id: "SignInRequest" });
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** The generic sign-in and its callback (§7): form-encoded (with the csrfToken of GET /csrf) or JSON. */
export const genericSignInRequestSchema = z.object({
  email: signInRequestSchema.shape.email,
  password: signInRequestSchema.shape.password,
  rememberMe: z.union([z.boolean(), z.stringbool()]).optional(),
  csrfToken: userText().max(200).optional(),
});
/** `:provider` of POST /api/auth/callback/:provider (only `credentials` exists). */
export const authCallbackParamsSchema = z.object({ provider: userText().max(40) });
/** Sign-out: a form-encoded call carries the csrfToken; a JSON call may send no body. */
export const signOutRequestSchema = z.object({ csrfToken: userText().max(200).optional() }).optional();

/** The live email check of the sign-up form (§4 email validation states, minus the client's "loading"). */
export const emailCheckRequestSchema = z.object({ email: userText().max(1000) });
export const emailCheckStates = [
  "used",
  "notUsed",
  "invalidEmailFormat",
  "minCharError",
  "emptyField",
] as const;
export const emailCheckResponseSchema = z.object({
  data: z.object({ email: z.string(), state: z.enum(emailCheckStates) }),
});

/** Which §4 state a typed email is in, before asking the server whether it is used. */
export function localEmailState(value: string): "invalidEmailFormat" | "minCharError" | "emptyField" | null {
  const trimmed = value.trim();
  if (trimmed === "") return "emptyField";
  if (trimmed.length < EMAIL_MIN) return "minCharError";
  return emailSchema.safeParse(trimmed).success ? null : "invalidEmailFormat";
}

export const emailCodeVerifyRequestSchema = z.object({ email: emailSchema, code: oneTimeCodeSchema });
export const emailCodeResendRequestSchema = z.object({ email: emailSchema });

// ——— Second factor (issue 16: staff sign in with TOTP, better-auth's two-factor plugin) ————————
/** The authenticator's code: 6 digits (spaces a person types between them are dropped). */
export const totpCodeSchema = userText({ error: sharedMessages.fieldRequired })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, sharedMessages.fieldRequired)
      .regex(new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`), commonMessages.invalidCode),
  );
/** A backup code as shown once at enrolment ("AbCdE-12345"). */
export const backupCodeSchema = userText({ error: sharedMessages.fieldRequired })
  .trim()
  .min(1, sharedMessages.fieldRequired)
  .max(40, commonMessages.invalidCode)
  .regex(/^[A-Za-z0-9-]+$/, commonMessages.invalidCode);
/**
 * The sign-in challenge an API client got with `twoFactorRedirect` (browsers hold it in an
 * httpOnly cookie and send nothing here).
 */
const twoFactorTokenSchema = userText().max(400).optional();
export const twoFactorVerifyRequestSchema = z
  .object({ code: totpCodeSchema, twoFactorToken: twoFactorTokenSchema })
  .meta({ id: "TwoFactorVerifyRequest" });
export const twoFactorBackupCodeRequestSchema = z
  .object({ code: backupCodeSchema, twoFactorToken: twoFactorTokenSchema })
  .meta({ id: "TwoFactorBackupCodeRequest" });
/** Turning the second factor on or off asks for the password again. */
export const twoFactorPasswordRequestSchema = z.object({
  password: userText({ error: sharedMessages.fieldRequired })
    .min(1, sharedMessages.fieldRequired)
    .max(PASSWORD_MAX),
});
/** The first code from the authenticator after enabling: the second factor is on from then. */
export const twoFactorConfirmRequestSchema = z.object({ code: totpCodeSchema });
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetCompleteRequestSchema = z.object({
  token: userText({ error: sharedMessages.invalidToken }).trim().min(1, sharedMessages.invalidToken).max(256),
  newPassword: passwordSchema,
});
export const passwordResetFormSchema = withConfirmation(
  passwordResetCompleteRequestSchema,
  "newPassword",
  "newPasswordConfirmation",
);

export const passwordChangeRequestSchema = z
  .object({
    currentPassword: userText({ error: sharedMessages.fieldRequired })
      .min(1, sharedMessages.fieldRequired)
      .max(PASSWORD_MAX),
    newPassword: passwordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ["newPassword"],
    message: validationMessages.passwordMustDiffer,
  });
/** PATCH /users/me/password answers only a message. */
export const passwordChangedResponseSchema = z.object({ data: z.object({ message: z.string() }) });
/** DELETE /users/me: the account is deleted (restorable). */
export const accountDeletedResponseSchema = z.object({
  data: z.object({ status: z.literal("deleted"), message: z.string() }),
});
/** DELETE /users/me/complete-removal: the email that is free again. */
export const accountRemovedResponseSchema = z.object({
  data: z.object({ email: z.string(), message: z.string() }),
});
export const passwordChangeFormSchema = withConfirmation(
  z.object({
    currentPassword: userText({ error: sharedMessages.fieldRequired }).min(1, sharedMessages.fieldRequired),
    newPassword: passwordSchema,
  }),
  "newPassword",
  "newPasswordConfirmation",
);

export const accessChangeTypes = ["email", "phone"] as const;
export type AccessChangeType = (typeof accessChangeTypes)[number];
export const accessChangeParamsSchema = z.object({ type: z.enum(accessChangeTypes) });
/** `value` is an email or a phone number, checked by the path's type with emailSchema or phoneSchema. */
export const accessChangeInitializeRequestSchema = z.object({
  value: userText({ error: sharedMessages.fieldRequired }).max(1000),
  /** Proves the person, not just their session (issue 11: a stolen session must not move the account). */
  currentPassword: userText({ error: sharedMessages.fieldRequired })
    .min(1, sharedMessages.fieldRequired)
    .max(PASSWORD_MAX),
});
export const accessChangeInitializeResponseSchema = z.object({
  data: z.object({
    type: z.enum(accessChangeTypes),
    /** The new address, partly masked, for "We sent a code to …". */
    destination: z.string(),
    expiresAt: z.string(),
  }),
});
export const accessChangeFinishRequestSchema = z.object({ code: oneTimeCodeSchema });
/** The settings form: the new address and the current password (the code comes next). */
export const accessChangeFormSchemas = {
  email: z.object({
    value: emailSchema,
    currentPassword: userText({ error: sharedMessages.fieldRequired }).min(1, sharedMessages.fieldRequired),
  }),
  phone: z.object({
    value: phoneSchema,
    currentPassword: userText({ error: sharedMessages.fieldRequired }).min(1, sharedMessages.fieldRequired),
  }),
} as const;
/** The link mailed to the old address after a change: its token undoes the change. */
export const accessChangeUndoRequestSchema = z.object({
  token: userText({ error: sharedMessages.fieldRequired })
    .trim()
    .min(1, sharedMessages.fieldRequired)
    .max(256),
});
export const accessChangeUndoResponseSchema = z.object({
  data: z.object({
    type: z.enum(accessChangeTypes),
    /** The sign-in email of the account after the undo (the old one, for an email change). */
    email: z.string(),
    message: z.string(),
  }),
});

/** Create-profile wizard and settings: every field optional on PATCH; see generalInfoWizardSchema. */
export const generalInfoUpdateRequestSchema = z
  .object({
    name: personNameSchema.optional(),
    slug: handleSchema.optional(),
    dateOfBirth: dateOfBirthSchema.optional(),
    profession: optionalText(PROFESSION_MAX),
    city: optionalText(CITY_MAX),
    country: countrySchema,
    about: optionalText(ABOUT_MAX, ABOUT_MAX_LINE_BREAKS),
    imageUrl: imageUrlSchema,
    /** The company onboarding step (/create-profile/company) was finished or skipped. */
    isCompanyWizardCompleted: z.literal(true).optional(),
  })
  .meta({ id: "GeneralInfoUpdate" });
export type GeneralInfoUpdate = z.infer<typeof generalInfoUpdateRequestSchema>;

/** The /create-profile/profile form: name, handle and date of birth are required there. */
export const generalInfoWizardSchema = generalInfoUpdateRequestSchema.extend({
  name: personNameSchema,
  slug: handleSchema,
  dateOfBirth: dateOfBirthSchema,
});

export const generalInfoSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    profession: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    about: z.string().nullable(),
    imageUrl: z.string().nullable(),
    image: z.object({ urls: z.object({ preview: z.string() }) }).nullable(),
    isProfileWizardCompleted: z.boolean(),
    isCompanyWizardCompleted: z.boolean(),
  })
  .meta({ id: "GeneralInfo" });
export type GeneralInfo = z.infer<typeof generalInfoSchema>;
export const generalInfoResponseSchema = z.object({ data: generalInfoSchema });

export const slugGenerateRequestSchema = z.object({
  name: userText({ error: sharedMessages.fieldRequired })
    .trim()
    .min(1, sharedMessages.fieldRequired)
    .max(200),
  type: z.enum(["user", "company"]).default("user"),
});
export const slugGenerateResponseSchema = z.object({ data: z.object({ slug: z.string() }) });

export const switchAccountRequestSchema = z
  .object({
    type: z.object({ id: z.enum(["user", "company"]) }),
    /** The company profile's id; required when type.id is "company". */
    id: userText().min(1).max(64).optional(),
  })
  .refine((v) => v.type.id === "user" || Boolean(v.id), {
    path: ["id"],
    message: sharedMessages.fieldRequired,
  });

// Invitations to join (GET/PATCH /user-invites; POST sends them)
export const userInviteStatuses = ["pending", "accepted", "revoked", "expired"] as const;
export const userInvitesCreateRequestSchema = z.object({
  emails: z
    .array(emailSchema)
    .min(1, validationMessages.atLeastOneEmail)
    .max(BULK_INVITE_MAX_EMAILS, format(sharedMessages.bulkInviteMax, { count: BULK_INVITE_MAX_EMAILS }))
    .superRefine((emails, ctx) => {
      const seen = new Set<string>();
      emails.forEach((email, index) => {
        if (seen.has(email))
          ctx.addIssue({ code: "custom", path: [index], message: validationMessages.alreadyAdded });
        seen.add(email);
      });
    }),
});
export const userInviteAcceptRequestSchema = z.object({
  code: userText({ error: sharedMessages.fieldRequired }).trim().min(1, sharedMessages.fieldRequired).max(64),
});
export const userInvitesQuerySchema = z.object({
  /** Look one invitation up by its code (public: the landing page of an invite link). */
  code: userText().trim().min(1).max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
});
export const userInviteSchema = z
  .object({
    code: z.string(),
    /** Shown in full to the inviter only; masked in a lookup by code. */
    email: z.string(),
    status: z.enum(userInviteStatuses),
    inviter: z.object({
      slug: z.string(),
      name: z.string(),
      image: z.object({ urls: z.object({ preview: z.string() }) }).nullable(),
    }),
    createdAt: z.string(),
    expiresAt: z.string(),
    acceptedAt: z.string().nullable(),
  })
  .meta({ id: "UserInvite" });
export const userInviteResponseSchema = z.object({ data: userInviteSchema });
export const userInvitesListResponseSchema = z.object({
  data: z.array(userInviteSchema),
  meta: z.object({ page: z.number(), perPage: z.number(), total: z.number() }),
});
export const userInvitesCreateResponseSchema = z.object({
  data: z.array(z.object({ email: z.string(), result: z.enum(["sent", "alreadyInvited", "alreadyMember"]) })),
});
