import { type ProfileViewer, type SessionActor, VIEWER_PUBLICATIONS_SHOWN } from "@vn/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentPath } from "../../shared/content-view";
import { before, decodeKeyset, keysetPage, rowsOf } from "../../shared/pages";
import { loadProfileCards, ownerVisibleTo, viewerOfActor } from "../../shared/profile-view";
import { blockedAround, notAmong } from "../../shared/social-graph";
import { oldestVisitDay } from "../../shared/visits";

/**
 * Who viewed you (the spy add-on): the acting owner's visits of the last 90 days
 * (shared/visits.ts), one entry per viewer, newest visit first, paged by keyset on
 * (latest visit, viewer id). Left out: visits made in stealth (for good), profiles in a block with
 * the owner either way, and profiles the owner may not see (deleted, blocked, private to them).
 */

interface ViewerRow {
  id: string;
  at: string;
  last_at: string | Date;
  views: number | string;
  viewed_profile: boolean;
}

interface PublicationRow {
  viewer_id: string;
  id: string;
  kind: string;
  slug: string;
  title: string | null;
}

export async function listViewers(
  db: Db,
  actor: SessionActor,
  query: { cursor?: string; limit: number },
): Promise<{ items: ProfileViewer[]; nextCursor: string | null }> {
  const cursor = decodeKeyset(query.cursor);
  const ownerId = actor.profileId;
  if (!ownerId) return { items: [], nextCursor: null };
  const hidden = await blockedAround(db, ownerId);
  const listed: SQL = sql`owner_profile_id = ${ownerId} AND NOT stealth AND day >= ${oldestVisitDay()}
    AND ${notAmong(sql`viewer_profile_id`, hidden)}
    AND ${ownerVisibleTo(sql`viewer_profile_id`, viewerOfActor(actor))}`;

  const rows = await rowsOf<ViewerRow>(
    db,
    sql`WITH viewers AS (
          SELECT viewer_profile_id AS id, max(last_viewed_at) AS last_at, sum(views) AS views,
                 bool_or(subject = 'profile') AS viewed_profile
          FROM profile_visits WHERE ${listed}
          GROUP BY viewer_profile_id
        )
        SELECT id, last_at::text AS at, last_at, views, viewed_profile FROM viewers
        WHERE ${cursor ? before(sql`last_at`, sql`id`, cursor) : sql`true`}
        ORDER BY last_at DESC, id DESC
        LIMIT ${query.limit + 1}`,
  );
  const page = keysetPage(rows, query.limit, (row) => ({ at: row.at, id: row.id }));
  const ids = page.rows.map((row) => row.id);
  if (ids.length === 0) return { items: [], nextCursor: page.nextCursor };

  const [cards, publications] = await Promise.all([
    loadProfileCards(db, ids, ownerId),
    viewedPublications(db, listed, ids, actor.profileSlug ?? ""),
  ]);
  const cardById = new Map(cards.map((card) => [card.id, card]));
  return {
    items: page.rows.flatMap((row) => {
      const profile = cardById.get(row.id);
      if (!profile) return [];
      return [
        {
          profile,
          lastViewedAt: new Date(row.last_at).toISOString(),
          views: Number(row.views),
          viewedProfile: row.viewed_profile,
          publications: publications.get(row.id) ?? [],
        },
      ];
    }),
    nextCursor: page.nextCursor,
  };
}

/** The publications each viewer looked at, latest first, at most three each; removed ones are left out. */
async function viewedPublications(
  db: Db,
  listed: SQL,
  viewerIds: string[],
  ownerSlug: string,
): Promise<Map<string, ProfileViewer["publications"]>> {
  const rows = await rowsOf<PublicationRow>(
    db,
    sql`SELECT viewer_id, id, kind, slug, title FROM (
          SELECT v.viewer_profile_id AS viewer_id, c.id, c.kind, c.slug, c.title,
                 row_number() OVER (PARTITION BY v.viewer_profile_id ORDER BY max(v.last_viewed_at) DESC, c.id) AS n
          FROM profile_visits v
          JOIN content_items c ON c.id = v.subject AND c.status = 'active'
          WHERE ${listed} AND v.subject <> 'profile'
            AND v.viewer_profile_id IN (${sql.join(
              viewerIds.map((id) => sql`${id}`),
              sql`, `,
            )})
          GROUP BY v.viewer_profile_id, c.id, c.kind, c.slug, c.title
        ) ranked
        WHERE n <= ${VIEWER_PUBLICATIONS_SHOWN}
        ORDER BY viewer_id, n`,
  );
  const byViewer = new Map<string, ProfileViewer["publications"]>();
  for (const row of rows) {
    const list = byViewer.get(row.viewer_id) ?? [];
    list.push({
      id: row.id,
      slug: row.slug,
      title: row.title,
      path: contentPath(ownerSlug, row.kind, row.slug),
    });
    byViewer.set(row.viewer_id, list);
  }
  return byViewer;
}
