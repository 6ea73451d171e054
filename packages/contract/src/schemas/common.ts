import { z } from "zod";
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from "../constants";
import { errorCodes } from "../errors";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { hasForbiddenCharacters } from "../text";

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes as [string, ...string[]]),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: "ErrorBody" });

export const paginationSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * A string a person or a client sends us (issue 11): refuses NUL, control characters and broken
 * Unicode (text.ts hasForbiddenCharacters) with the catalogue's sentence, before any other rule.
 * Every request field of text starts here instead of z.string(); the API applies the same rule to
 * every string of every request as a backstop.
 */
export function userText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasForbiddenCharacters(value), {
    message: validationMessages.textControlCharacters,
    abort: true,
  });
}

/** A required, trimmed string with the spec's generic messages. */
export function requiredText(min: number, max: number) {
  return userText({ error: sharedMessages.fieldRequired })
    .trim()
    .min(1, sharedMessages.fieldRequired)
    .min(min, sharedMessages.minChars.replace("{count}", String(min)))
    .max(max, sharedMessages.maxChars.replace("{count}", String(max)));
}

export const healthSchema = z.object({
  status: z.literal("ok"),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export const readySchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.record(z.string(), z.enum(["ok", "failed"])),
});

/** `:id` in a path: any opaque id (uuid, prefixed id); bounded so a huge value is a 422, not a scan. */
export const idParamsSchema = z.object({ id: userText().min(1).max(100) });
/** `:slug` in a path: a profile handle. */
export const slugParamsSchema = z.object({ slug: userText().min(1).max(100) });
