import { HANDLE_MAX, HANDLE_MIN } from "@vn/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema/index";

/** More @handles than this in one text notify nobody beyond the first ones (mention spam). */
export const MENTIONS_MAX = 10;

const mentionPattern = new RegExp(
  `(?:^|[^A-Za-z0-9._@-])@([A-Za-z0-9][A-Za-z0-9._-]{${HANDLE_MIN - 2},${HANDLE_MAX - 1}})`,
  "g",
);

/** "@anna.k, thanks! cc @Marcus." → ["anna.k", "marcus"]: lower-cased, unique, trailing dots dropped. */
export function mentionedHandles(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(mentionPattern)) {
    const handle = (match[1] ?? "").replace(/[._-]+$/, "").toLowerCase();
    if (handle.length >= HANDLE_MIN) found.add(handle);
    if (found.size >= MENTIONS_MAX) break;
  }
  return [...found];
}

/** The active profiles a text mentions, by id. */
export async function mentionedProfileIds(db: Db, text: string): Promise<string[]> {
  const handles = mentionedHandles(text.replace(/<[^>]*>/g, " "));
  if (handles.length === 0) return [];
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        sql`lower(${profiles.slug}) IN (${sql.join(
          handles.map((h) => sql`${h}`),
          sql`, `,
        )})`,
        eq(profiles.status, "active"),
      ),
    );
  return rows.map((r) => r.id);
}
