import { z } from "zod";
import {
  EMAIL_MAX,
  EMAIL_MIN,
  HANDLE_FREE_MIN_DIGITS,
  HANDLE_MAX,
  HANDLE_MIN,
  MIN_AGE,
  ONE_TIME_CODE_LENGTH,
  PASSWORD_MIN,
  PHONE_MIN_DIGITS,
} from "../constants";
import { format, messages } from "../messages";

/** Field rules of §5, shared by the API's request schemas and the web's forms. */

export const emailSchema = z
  .string({ error: messages.fieldRequired })
  .trim()
  .min(1, messages.fieldRequired)
  .min(EMAIL_MIN, messages.invalidEmail)
  .max(EMAIL_MAX, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: messages.fieldRequired })
  .min(1, messages.fieldRequired)
  .min(PASSWORD_MIN, format(messages.passwordMin, { count: PASSWORD_MIN }))
  .max(128, format(messages.maxChars, { count: 128 }));

/** Only digits and phone symbols, and at least PHONE_MIN_DIGITS digits (§5). */
export const phoneSchema = z
  .string({ error: messages.fieldRequired })
  .trim()
  .min(1, messages.fieldRequired)
  .regex(/^[0-9+\-() .]+$/, messages.invalidPhone)
  .refine((v) => v.replace(/\D/g, "").length >= PHONE_MIN_DIGITS, {
    message: format(messages.phoneMinDigits, { count: PHONE_MIN_DIGITS }),
  });

export const handlePattern = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i;
export const handleSchema = z
  .string({ error: messages.fieldRequired })
  .trim()
  .min(1, messages.fieldRequired)
  .min(HANDLE_MIN, format(messages.minChars, { count: HANDLE_MIN }))
  .max(HANDLE_MAX, format(messages.maxChars, { count: HANDLE_MAX }))
  .regex(handlePattern, messages.handleInvalidFormat);

/** A handle with fewer than two digits is a premium handle (product decisions). */
export function isPremiumHandle(handle: string): boolean {
  return (handle.match(/\d/g) ?? []).length < HANDLE_FREE_MIN_DIGITS;
}

export const oneTimeCodeSchema = z
  .string({ error: messages.fieldRequired })
  .trim()
  .length(ONE_TIME_CODE_LENGTH, messages.invalidCode)
  .regex(/^[A-Za-z0-9]+$/, messages.invalidCode);

/** Age in whole years on `today` of someone born on `dateOfBirth` (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export const dateOfBirthSchema = z
  .string({ error: messages.dateOfBirthRequired })
  .min(1, messages.dateOfBirthRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.dateOfBirthRequired)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), messages.dateOfBirthRequired)
  .refine((v) => ageOn(v, new Date()) >= MIN_AGE, messages.mustBeAdult);

export const consentSchema = z.literal(true, { error: messages.consentRequired });

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
