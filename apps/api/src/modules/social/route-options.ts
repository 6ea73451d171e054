import { z } from "zod";
import { perAccount } from "./rate-limits";

/**
 * What the social routes declare alike: the path parameters, the options of an action on a
 * profile named in the path, and the envelope of a page read by cursor.
 */

/** `:slug` of a profile; the services find it case-insensitively and answer 404 for a missing one. */
export const slugParams = z.object({ slug: z.string().min(1).max(254) });
/** `:id` of a publication. */
export const idParams = z.object({ id: z.string().min(1).max(100) });
export const tags = ["social"];

/**
 * Options of a signed-in, complete account's action on `/profiles/:slug/...` (follow, block,
 * mute and their undoing): 60 a minute per account, each route with its own counter.
 */
export function profileAction<Response extends Record<number, z.ZodType>>(
  summary: string,
  response: Response,
) {
  return {
    config: { access: "active" as const, rateLimit: perAccount(60, "minute") },
    schema: { tags, summary, params: slugParams, response },
  };
}

/** `{data, meta}` of one page read by keyset cursor: the items, the page size and the next cursor. */
export function cursorPage<Item, Extra extends Record<string, unknown>>(
  result: { items: Item[]; nextCursor: string | null },
  perPage: number,
  extra: Extra,
) {
  return { data: result.items, meta: { perPage, nextCursor: result.nextCursor, ...extra } };
}
