import type { Chat, ChatFolder, SessionActor } from "@vn/contract";
import { desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { chatMembers, chats } from "../../db/schema/index";
import { actingProfileId } from "../../shared/acting-profile";
import { decodeKeyset, encodeKeyset, rowsOf } from "../../shared/pages";
import { type ChatRow, chatView, loadContext } from "./views";

/**
 * The inbox (decision 0021): one query over the member's own rows (chat_members_inbox_idx),
 * newest activity first, keyset by (activity, chat id), never one query per conversation.
 * - inbox: conversations not waiting as a request and not declined; one the member opened shows
 *   before its first message, anyone else's only once it has one (a group as soon as one is in it);
 * - requests: conversations opened by someone the member does not follow, waiting for an answer.
 * `search` is PostgreSQL full-text ('simple', unaccented, word prefixes) over the group's title,
 * the other members' names and the messages the member may read, ranked; one query too.
 */

const folderCondition: Record<ChatFolder, SQL> = {
  inbox: sql`m.request NOT IN ('pending', 'declined') AND (c.last_message_seq > 0 OR c.kind = 'group' OR c.created_by = m.profile_id)`,
  requests: sql`m.request = 'pending' AND (c.last_message_seq > 0 OR c.kind = 'group')`,
};

/** "anna kow" → "anna:* & kow:*" over unaccented words (letters and digits only, so no tsquery syntax). */
export function prefixQuery(term: string): string | null {
  const words = term
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

export async function listChats(
  db: Db,
  actor: SessionActor,
  query: { folder: ChatFolder; search?: string; cursor?: string; perPage: number },
): Promise<{ items: Chat[]; nextCursor: string | null }> {
  const profileId = actingProfileId(actor);
  const tsq = query.search ? prefixQuery(query.search) : null;
  if (query.search && !tsq) return { items: [], nextCursor: null };
  const cursor = tsq ? null : decodeKeyset(query.cursor);
  const q = tsq ? sql`to_tsquery('simple', ${tsq})` : null;
  if (!q) {
    // The list itself: the page's conversations come with their keys, then their views.
    const m = alias(chatMembers, "m");
    const c = alias(chats, "c");
    const listed = await db
      .select({ chat: c, at: sql<string>`${m.activityAt}::text` })
      .from(m)
      .innerJoin(c, eq(c.id, m.chatId))
      .where(
        sql`${m.profileId} = ${profileId} AND ${folderCondition[query.folder]}
            ${cursor ? sql`AND (${m.activityAt}, ${m.chatId}) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``}`,
      )
      .orderBy(desc(m.activityAt), desc(m.chatId))
      .limit(query.perPage + 1);
    const page = listed.slice(0, query.perPage);
    const last = page.at(-1);
    return {
      items: await viewsOfRows(
        db,
        page.map((r) => r.chat),
        profileId,
      ),
      nextCursor: listed.length > query.perPage && last ? encodeKeyset(last.at, last.chat.id) : null,
    };
  }
  // A search: ranked, one page (no cursor).
  const rows = await rowsOf<{ id: string; at: string; score: number }>(
    db,
    sql`SELECT c.id, m.activity_at::text AS at, greatest(
              ts_rank(to_tsvector('simple', vn_unaccent(coalesce(c.title, ''))), ${q}) * 2,
              coalesce((SELECT max(ts_rank(p.search_vector, ${q})) * 2 FROM chat_members o
                         JOIN profiles p ON p.id = o.profile_id
                        WHERE o.chat_id = c.id AND o.profile_id <> m.profile_id AND p.search_vector @@ ${q}), 0),
              coalesce((SELECT max(ts_rank(x.search, ${q})) FROM chat_messages x
                        WHERE x.chat_id = c.id AND x.search @@ ${q} AND x.deleted_at IS NULL
                          AND x.seq > m.from_seq AND (m.until_seq IS NULL OR x.seq <= m.until_seq)), 0)
            )::float8 AS score
          FROM chat_members m JOIN chats c ON c.id = m.chat_id
          WHERE m.profile_id = ${profileId} AND ${folderCondition[query.folder]}
            AND (to_tsvector('simple', vn_unaccent(coalesce(c.title, ''))) @@ ${q}
              OR EXISTS (SELECT 1 FROM chat_members o JOIN profiles p ON p.id = o.profile_id
                          WHERE o.chat_id = c.id AND o.profile_id <> m.profile_id AND p.search_vector @@ ${q})
              OR EXISTS (SELECT 1 FROM chat_messages x
                          WHERE x.chat_id = c.id AND x.search @@ ${q} AND x.deleted_at IS NULL
                            AND x.seq > m.from_seq AND (m.until_seq IS NULL OR x.seq <= m.until_seq)))
          ORDER BY score DESC, m.activity_at DESC, m.chat_id DESC
          LIMIT ${query.perPage}`,
  );
  const page = rows.slice(0, query.perPage);
  const items = await viewsOf(
    db,
    page.map((r) => r.id),
    profileId,
  );
  return { items, nextCursor: null };
}

/** Views of these conversations for one member, in the order given. */
export async function viewsOf(db: Db, ids: string[], profileId: string): Promise<Chat[]> {
  if (ids.length === 0) return [];
  const chatRows = await db
    .select()
    .from(chats)
    .where(
      sql`${chats.id} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const byId = new Map(chatRows.map((c) => [c.id, c]));
  return viewsOfRows(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
    profileId,
  );
}

/** Views of these conversations (rows in hand) for one member, in the order given. */
async function viewsOfRows(db: Db, chatRows: ChatRow[], profileId: string): Promise<Chat[]> {
  if (chatRows.length === 0) return [];
  const context = await loadContext(db, chatRows);
  return chatRows.flatMap((chat) => {
    const view = chatView(context, chat, profileId);
    return view ? [view] : [];
  });
}

/** The header's count: conversations with unread messages, and requests waiting for an answer. */
export async function unreadCounts(
  db: Db,
  actor: SessionActor,
): Promise<{ conversations: number; requests: number }> {
  const profileId = actingProfileId(actor);
  const [row] = await rowsOf<{ conversations: number; requests: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE m.request NOT IN ('pending', 'declined'))::int AS conversations,
               count(*) FILTER (WHERE m.request = 'pending')::int AS requests
          FROM chat_members m
         WHERE m.profile_id = ${profileId} AND m.unread_count > 0`,
  );
  return { conversations: Number(row?.conversations ?? 0), requests: Number(row?.requests ?? 0) };
}
