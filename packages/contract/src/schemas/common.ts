import { z } from "zod";
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from "../constants";
import { errorCodes } from "../errors";
import { messages } from "../messages";

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

/** A required, trimmed string with the spec's generic messages. */
export function requiredText(min: number, max: number) {
  return z
    .string({ error: messages.fieldRequired })
    .trim()
    .min(1, messages.fieldRequired)
    .min(min, messages.minChars.replace("{count}", String(min)))
    .max(max, messages.maxChars.replace("{count}", String(max)));
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
