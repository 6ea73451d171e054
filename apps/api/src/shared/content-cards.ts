import type { ContentItem } from "@vn/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jsonRowOf, rowsFromJson } from "../db/json-rows";
import type { Notifications } from "../db/notifications";
import { type Loaded, NotifiedCache } from "../db/notified-cache";
import { preparedOnce } from "../db/prepared";
import { contentItems } from "../db/schema/index";
import {
  type ContentCard,
  cardsOf,
  type HydrationRow,
  hydrationColumns,
  hydrationFrom,
  viewsOfCards,
} from "./content-view";
import { mayView, type Viewer } from "./profile-view";

/**
 * Cards one node keeps; the least recently shown leave first. Feeds show mostly the newest
 * publications, so the hot set is small; 10,000 cards of a few KB each bound the memory to tens of MB.
 */
const MAX_CARDS = 10_000;

/**
 * Publication cards kept per API node (decision 0035): a card (shared/content-view.ts) is the same
 * for every viewer, and the home feed shows the same publications to every follower of their
 * owners. Migration 0029's triggers notify `content_card_changed` on every write a card is made of
 * (the publication and its counters, reaction counts and media by its id; its owner's face, status
 * and privacy by the profile's id; a byline by the author's `user:` id and the company's id), so a
 * cached card is never served after such a write (db/notified-cache.ts). Only published items'
 * cards are kept: a draft's media go by short-lived signed addresses.
 */
export class ContentCards {
  private readonly cards = new NotifiedCache<ContentCard>("content_card_changed", { maxEntries: MAX_CARDS });

  attach(notifications: Notifications): Promise<() => void> {
    return this.cards.attach(notifications);
  }

  /**
   * The publications with these ids, in order, for one viewer (viewsOfCards): blocks (`hidden`),
   * owners' status and privacy levels applied; an id without a publication is left out.
   */
  async views(db: Db, ids: string[], viewer: Viewer, hidden: Set<string>): Promise<ContentItem[]> {
    if (ids.length === 0) return [];
    const load = (missing: string[]) => loadCards(db, missing);
    const cards = await this.cards.many(ids, load);
    // A load brings the originals of the reposts it read; cached reposts may need theirs.
    const originals = [...cards.values()].flatMap((card) => {
      const id = card.row.repostOfId;
      return id && !cards.has(id) ? [id] : [];
    });
    if (originals.length > 0) {
      for (const [id, card] of await this.cards.many(originals, load)) cards.set(id, card);
    }
    return viewsOfCards(ids, cards, viewer.profileId, hidden, (owner) => mayView(owner, viewer));
  }

  get size(): number {
    return this.cards.size;
  }
}

/** The keys whose writes change a card (migration 0029's notifications). */
function keysOf({ row }: ContentCard): string[] {
  return [row.id, row.ownerId, ...(row.authorUserId ? [`user:${row.authorUserId}`] : [])];
}

async function loadCards(db: Db, ids: string[]): Promise<Map<string, Loaded<ContentCard>>> {
  const [found] = (await cardsStatement(db).execute({ ids })) as (HydrationRow & { rows: unknown })[];
  const rows = rowsFromJson(contentItems, found?.rows);
  const cards = await cardsOf(db, rows, hydrationFrom(found));
  const loaded = new Map<string, Loaded<ContentCard>>();
  for (const [id, card] of cards) {
    // validUntil 0: served to this request, never kept.
    loaded.set(id, {
      value: card,
      keys: keysOf(card),
      validUntil: card.row.status === "active" ? undefined : 0,
    });
  }
  return loaded;
}

/**
 * Publications by id with their hydration, in one statement (as the feed's page statement was,
 * decision 0031): their rows as one JSON value beside hydrationColumns. No viewer: a card is
 * nobody's. Keys and id arrays only, so one generic plan serves every set of ids.
 */
const cardsStatement = preparedOnce(
  "content_cards",
  (db) => {
    const page = db.$with("page").as(
      db
        .select()
        .from(contentItems)
        .where(sql`${contentItems.id} = ANY(${sql.placeholder("ids")}::text[])`),
    );
    // Cast: `= ANY((SELECT …))` would be read as a subquery of arrays, not as one array.
    const fromPage = (expression: string) => sql.raw(`(SELECT ${expression} FROM page)::text[]`);
    return db
      .with(page)
      .select({
        rows: sql<unknown>`(SELECT coalesce(json_agg(${jsonRowOf(contentItems, "page")}), '[]'::json) FROM page)`,
        ...hydrationColumns({
          ids: fromPage("array_agg(id)"),
          reposts: fromPage("array_agg(DISTINCT repost_of_id) FILTER (WHERE repost_of_id IS NOT NULL)"),
          owners: fromPage("array_agg(DISTINCT owner_id)"),
          viewer: sql`NULL::text`,
        }),
      })
      .from(sql`(SELECT 1) AS one`);
  },
  { generic: true },
);
