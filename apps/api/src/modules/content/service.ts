import type { SessionActor } from "@vn/contract";
import {
  AppError,
  type ContentItem,
  type ContentMediaRequest,
  type contentCreateRequestSchema,
  type contentFilterSchema,
  type contentUpdateRequestSchema,
  messages,
  PER_PAGE_DEFAULT,
  type repostRequestSchema,
  richTextKinds,
  sectionKinds,
} from "@vn/contract";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { contentItems, profiles } from "../../db/schema/index";
import { uniqueSlug } from "../../lib/slug";
import { writeAudit } from "../../shared/audit";
import {
  activeCountsByKind,
  bylinesFor,
  contentItemViews,
  contentItemViewsFor,
  contentItemViewWithOwner,
  serializeContent,
  withItemMedia,
} from "../../shared/content-view";
import { decodeKeyset, keysetPage, pageCount } from "../../shared/pages";
import {
  findVisibleProfileBySlug,
  mayView,
  ownerVisibleTo,
  type Viewer,
  viewerOfActor,
  viewerOfProfile,
} from "../../shared/profile-view";
import { isBlockedBetween } from "../../shared/social-graph";
import { type KindsMode, listPage, listTotal } from "./list-statements";
import { ANCHOR_STEP, pageStart } from "./page-anchors";
import { actingProfileId, assertMayAct, assertPlanAllows } from "./rules";
import { excerptText, plainText, sanitizeRichText } from "./sanitize";

type ContentRow = typeof contentItems.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;
type CreateInput = z.output<typeof contentCreateRequestSchema>;
type UpdateInput = z.output<typeof contentUpdateRequestSchema>;

/** A publication dated further ahead than this is planned, not published now (clock skew margin). */
const SCHEDULE_MARGIN_MS = 30_000;
const SHORT_CONTENT_MAX = 280;

export interface StatusChange {
  ownerId: string;
  contentId: string;
  slug: string;
  status: string;
  publicationDate: Date;
}

function isRich(kind: string): boolean {
  return (richTextKinds as readonly string[]).includes(kind);
}

/** Stored body and short text: posts keep plain text, rich kinds keep sanitized HTML. */
function prepareBody(kind: string, content: string | undefined) {
  if (content === undefined) return { content: undefined, shortContent: undefined, plainLength: 0 };
  const safe = isRich(kind) ? sanitizeRichText(content) : plainText(content);
  const text = isRich(kind) ? plainText(safe) : safe;
  return {
    content: safe || null,
    shortContent: excerptText(text, SHORT_CONTENT_MAX),
    plainLength: text.length,
  };
}

function scheduleOf(draft: boolean, publicationDate: string | undefined, now: Date) {
  const date = publicationDate ? new Date(publicationDate) : now;
  if (draft) return { status: "draft" as const, publicationDate: date };
  if (date.getTime() > now.getTime() + SCHEDULE_MARGIN_MS)
    return { status: "planned" as const, publicationDate: date };
  return { status: "active" as const, publicationDate: publicationDate && date < now ? date : now };
}

async function loadProfile(db: Db, id: string): Promise<ProfileRow> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  if (!row) throw new AppError("accountManager_ownerNotFound");
  return row;
}

async function insertWithUniqueSlug(
  db: Db,
  values: typeof contentItems.$inferInsert,
  base: string,
): Promise<ContentRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      // Its own savepoint: inside the create transaction a failed attempt must not abort the rest.
      return await db.transaction(async (attemptTx) => {
        const [row] = await attemptTx
          .insert(contentItems)
          .values({ ...values, slug: uniqueSlug(base) })
          .returning();
        return row!;
      });
    } catch (error) {
      // A slug collision (unique violation) is retried with fresh random characters.
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ??
        (error as { code?: string }).code;
      if (code !== "23505" || attempt >= 4) throw error;
    }
  }
}

/**
 * Saves a publication's media in the caller's transaction (the media module's attach, which
 * checks the files are the owner's and fit the kind). Passed in so content does not own media.
 */
export type AttachMedia = (
  tx: Db,
  item: { id: string; ownerId: string; kind: string },
  request: ContentMediaRequest,
) => Promise<void>;

export async function createContent(
  db: Db,
  actor: SessionActor,
  input: CreateInput,
  now = new Date(),
  attachMedia?: AttachMedia,
) {
  const ownerId = actingProfileId(actor);
  assertMayAct(actor, input.kind, null);
  const owner = await loadProfile(db, ownerId);
  const body = prepareBody(input.kind, input.content);
  const schedule = scheduleOf(input.draft, input.publicationDate, now);
  assertPlanAllows(actor.entitlements, {
    kind: input.kind,
    plainLength: body.plainLength,
    scheduled: schedule.status === "planned",
  });

  // The item and its media commit together: a refused file leaves no publication behind.
  return db.transaction(async (tx) => {
    const row = await insertWithUniqueSlug(
      tx,
      {
        id: crypto.randomUUID(),
        ownerId,
        authorUserId: actor.userId,
        kind: input.kind,
        slug: "",
        title: input.title ?? null,
        description: input.description ?? null,
        content: body.content ?? null,
        shortContent:
          body.shortContent ?? (input.description ? input.description.slice(0, SHORT_CONTENT_MAX) : null),
        status: schedule.status,
        publicationDate: schedule.publicationDate,
        startsAt: input.startsAt ? new Date(input.startsAt) : null,
        endsAt: input.endsAt ? new Date(input.endsAt) : null,
        place: input.place ?? null,
        onlineUrl: input.onlineUrl ?? null,
        // An event's own zone (issue 18): only events have times to show in it.
        timeZone: input.kind === "event" ? (input.timeZone ?? null) : null,
        // A document's folder on the profile (issue 18); the contract refuses it on other kinds.
        folder: input.kind === "document" ? (input.folder ?? null) : null,
        ...input.settings,
      },
      input.title ?? body.shortContent ?? input.kind,
    );
    if (input.media && attachMedia) await attachMedia(tx, row, input.media);
    // A company's publication says who wrote it ("by {name}, {position}") from its first answer.
    const bylines = await bylinesFor(tx, [row], new Map([[owner.id, owner]]));
    const [item] = await withItemMedia(tx, [
      serializeContent(row, owner, ownerId, null, bylines.get(row.id) ?? null),
    ]);
    return item!;
  });
}

export async function loadOwnItem(
  db: Db,
  actor: SessionActor,
  id: string,
): Promise<{ row: ContentRow; owner: ProfileRow }> {
  const ownerId = actingProfileId(actor);
  const [row] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.id, id), ne(contentItems.status, "removed")))
    .limit(1);
  // Another profile's item answers exactly like a missing one: its existence is not disclosed.
  if (!row || row.ownerId !== ownerId)
    throw new AppError("content_notFound", { message: messages.editMissingPost });
  assertMayAct(actor, row.kind, row);
  return { row, owner: await loadProfile(db, ownerId) };
}

export async function updateContent(
  db: Db,
  actor: SessionActor,
  id: string,
  input: UpdateInput,
  now = new Date(),
  attachMedia?: AttachMedia,
) {
  const { row, owner } = await loadOwnItem(db, actor, id);
  if (row.status === "blocked") throw new AppError("content_isBlocked");
  const body = prepareBody(row.kind, input.content);
  if (input.content !== undefined && body.plainLength === 0) {
    throw new AppError("request_validationFailed", {
      details: [{ path: "body.content", message: messages.contentRequired }],
    });
  }
  if (input.folder && row.kind !== "document") {
    throw new AppError("request_validationFailed", {
      details: [{ path: "body.folder", message: messages.folderDocumentsOnly }],
    });
  }
  let schedule: { status?: string; publicationDate?: Date } = {};
  if (input.draft !== undefined || input.publicationDate !== undefined) {
    // Only unpublished items move between draft, planned and active; published ones keep their date.
    if (row.status === "active" && input.draft !== true) schedule = {};
    else
      schedule = scheduleOf(
        input.draft ?? false,
        input.publicationDate ?? row.publicationDate.toISOString(),
        now,
      );
  }
  assertPlanAllows(actor.entitlements, {
    kind: row.kind,
    plainLength: input.content === undefined ? 0 : body.plainLength,
    scheduled: schedule.status === "planned",
  });
  // The edit and its media changes commit together.
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contentItems)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.content !== undefined ? { content: body.content, shortContent: body.shortContent } : {}),
        ...(input.startsAt !== undefined ? { startsAt: new Date(input.startsAt) } : {}),
        ...(input.endsAt !== undefined ? { endsAt: new Date(input.endsAt) } : {}),
        ...(input.place !== undefined ? { place: input.place } : {}),
        ...(input.onlineUrl !== undefined ? { onlineUrl: input.onlineUrl } : {}),
        ...(input.timeZone !== undefined && row.kind === "event" ? { timeZone: input.timeZone } : {}),
        ...(input.folder !== undefined && row.kind === "document" ? { folder: input.folder } : {}),
        ...input.settings,
        ...schedule,
        updatedAt: now,
      })
      .where(eq(contentItems.id, id))
      .returning();
    if (input.media && attachMedia) await attachMedia(tx, updated!, input.media);
    const bylines = await bylinesFor(tx, [updated!], new Map([[owner.id, owner]]));
    const [item] = await withItemMedia(tx, [
      serializeContent(updated!, owner, owner.id, null, bylines.get(updated!.id) ?? null),
    ]);
    // A draft published by this edit is news to those it mentions.
    return { item: item!, published: row.status !== "active" && updated!.status === "active" };
  });
}

export async function deleteContent(db: Db, actor: SessionActor, id: string): Promise<void> {
  const { row } = await loadOwnItem(db, actor, id);
  await db.transaction(async (tx) => {
    await tx
      .update(contentItems)
      .set({ status: "removed", updatedAt: new Date() })
      .where(eq(contentItems.id, id));
    await writeAudit(tx, {
      action: "content.deleted",
      resourceType: "content",
      resourceId: id,
      before: { status: row.status, kind: row.kind, ownerId: row.ownerId },
      after: { status: "removed" },
    });
  });
}

/** Who may see an item: everyone when active; its owner in any state but removed. */
function assertVisible(
  row: ContentRow | undefined,
  viewerProfileId: string | null,
): asserts row is ContentRow {
  if (!row || row.status === "removed") throw new AppError("content_notFound");
  if (row.ownerId === viewerProfileId) return;
  if (row.status === "blocked") throw new AppError("content_isBlocked");
  if (row.status !== "active") throw new AppError("content_notFound");
}

/** A block between viewer and owner hides the item from both sides, as if it did not exist. */
async function assertNotBlocked(db: Db, ownerId: string, viewerProfileId: string | null): Promise<void> {
  if (await isBlockedBetween(db, viewerProfileId, ownerId)) throw new AppError("content_notFound");
}

// A publication's detail page and its owner's level: prepared once (db/prepared.ts), as every
// detail view runs them.
const ownerLevel = preparedOnce("content_owner_level", (db) =>
  db
    .select({ id: profiles.id, privacy: profiles.privacy, verificationStatus: profiles.verificationStatus })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder("id")))
    .limit(1),
);
/**
 * A publication by its slug (and its owner's handle), prepared once and planned generically: the
 * slug's index (and the owner-and-slug unique one) answer whatever the values, and planning per
 * request cost PostgreSQL more than the read (bind 0.24–0.31 ms, execute 0.03; decision 0031).
 */
function detailStatement(byOwner: boolean) {
  return preparedOnce(
    byOwner ? "content_detail_of_owner" : "content_detail",
    (db) => detailQuery(db, byOwner),
    {
      generic: true,
    },
  );
}

/** detailStatement's query (`slug`, `kinds`, and `owner` when byOwner). */
export function detailQuery(db: Db, byOwner: boolean) {
  return db
    .select()
    .from(contentItems)
    .where(
      and(
        eq(contentItems.slug, sql.placeholder("slug")),
        sql`${contentItems.kind} = ANY(${sql.placeholder("kinds")}::text[])`,
        byOwner
          ? sql`${contentItems.ownerId} = (SELECT id FROM profiles WHERE lower(slug) = lower(${sql.placeholder("owner")}::text))`
          : undefined,
      ),
    )
    .limit(1);
}
const detailBySlug = detailStatement(false);
const detailOfOwner = detailStatement(true);

/** The owner's privacy level (decision 0014) and a block hide the item as if it did not exist. */
async function assertOwnerVisible(db: Db, ownerId: string, viewer: Viewer): Promise<void> {
  const [owner] = await ownerLevel(db).execute({ id: ownerId });
  if (!owner || !mayView(owner, viewer)) throw new AppError("content_notFound");
  await assertNotBlocked(db, ownerId, viewer.profileId);
}

/**
 * A publication's detail for the session's viewer (viewerOfActor): three statements in all, the
 * session's, the row's and the hydration's. The owner's privacy level is checked on the owner row
 * the hydration brings, and a block either way leaves the hydration without the item, as
 * assertOwnerVisible would refuse it: both answer content_notFound.
 */
export async function getContentDetail(
  db: Db,
  where: { slug: string; kinds: readonly string[]; ownerSlug?: string },
  viewer: Viewer,
): Promise<ContentItem> {
  const [row] = await (where.ownerSlug ? detailOfOwner : detailBySlug)(db).execute({
    slug: where.slug,
    kinds: [...where.kinds],
    owner: where.ownerSlug ?? null,
  });
  assertVisible(row, viewer.profileId);
  const { item, owner } = await contentItemViewWithOwner(db, row, viewer);
  if (!item || !owner || !mayView(owner, viewer)) throw new AppError("content_notFound");
  return item;
}

export async function getContentById(
  db: Db,
  id: string,
  viewerProfileId: string | null,
): Promise<ContentItem> {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id)).limit(1);
  assertVisible(row, viewerProfileId);
  const viewer = await viewerOfProfile(db, viewerProfileId);
  await assertOwnerVisible(db, row.ownerId, viewer);
  const [item] = await contentItemViewsFor(db, [row], viewer);
  if (!item) throw new AppError("content_notFound");
  return item;
}

// Lists ---------------------------------------------------------------------------------------

export interface ListQuery {
  tab?: "media" | "feed" | "contact" | "team";
  page: number;
  perPage: number;
  cursor?: string;
  filter?: z.output<typeof contentFilterSchema>;
  counts?: { feed?: boolean; docs?: boolean; news?: boolean; info?: boolean; timeline?: boolean };
}

export interface ListResult {
  items: ContentItem[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
  nextCursor: string | null;
  counts?: Record<string, number>;
}

export async function listProfileContent(
  db: Db,
  ownerSlug: string,
  query: ListQuery,
  viewer: Viewer,
): Promise<ListResult> {
  // A block or the owner's privacy level (decision 0014) hides the whole list.
  const owner = await findVisibleProfileBySlug(db, ownerSlug, viewer);
  const isOwner = owner.id === viewer.profileId;
  // Visitors see published items only; owners may ask for their drafts, planned or blocked ones.
  const wanted = query.filter?.status ?? "active";

  let kinds: string[] | undefined;
  if (query.filter?.section) kinds = [...sectionKinds[query.filter.section]];
  if (query.filter?.kinds?.length)
    kinds = kinds ? kinds.filter((k) => query.filter!.kinds!.includes(k as never)) : [...query.filter.kinds];
  const mode: KindsMode = kinds ? "listed" : query.tab === "feed" ? "all" : "noReposts";
  const status = isOwner ? wanted : "active";
  const values = { owner: owner.id, status, kinds: kinds ?? [] };
  const perPage = query.perPage || PER_PAGE_DEFAULT;
  let rows: Array<ContentRow & { at: string }> = [];
  let page = query.page;
  if (query.cursor) {
    const cursor = decodeKeyset(query.cursor)!;
    rows = await listPage(db, mode, "cursor", { ...values, limit: perPage + 1, ...cursor });
    page = 0;
  } else {
    // Seek to the nearest cached anchor, then walk fewer than ANCHOR_STEP index entries (the walk
    // touches the (owner, status, date, id) index only; rows are fetched for one page).
    const offset = (page - 1) * perPage;
    const start =
      offset < ANCHOR_STEP
        ? { after: null, skip: offset }
        : await pageStart(
            db,
            {
              key: [owner.id, status, kinds?.join(",") ?? "", query.tab === "feed"].join("|"),
              ownerId: owner.id,
              where: listWhere(owner.id, status, mode, kinds ?? []),
            },
            offset,
          );
    if (start !== "beyond-end") {
      rows = await listPage(db, mode, start.after ? "anchor" : "top", {
        ...values,
        limit: perPage + 1,
        skip: start.skip,
        ...start.after,
      });
    }
  }
  const shown = keysetPage(rows, perPage, (row) => row);
  const total = await listTotal(db, mode, values);
  const items = await contentItemViewsFor(db, shown.rows, viewer);
  return {
    items,
    page,
    perPage,
    total,
    totalPages: pageCount(total, perPage),
    nextCursor: shown.nextCursor,
    counts: query.counts ? await groupCounts(db, owner.id, query.counts) : undefined,
  };
}

/** §7 counters: feed (everything), docs (documents), news (releases), info (insights + statements), timeline (media). */
async function groupCounts(db: Db, ownerId: string, wanted: NonNullable<ListQuery["counts"]>) {
  const by = await activeCountsByKind(db, ownerId);
  const sum = (kinds: string[]) => kinds.reduce((acc, k) => acc + (by.get(k) ?? 0), 0);
  const all = [...by.values()].reduce((acc, n) => acc + n, 0);
  const counts: Record<string, number> = {};
  if (wanted.feed) counts.feedCount = all;
  if (wanted.docs) counts.docsCount = sum(["document"]);
  if (wanted.news) counts.newsCount = sum(["release", "news"]);
  if (wanted.info) counts.infoCount = sum(["insight", "statement"]);
  if (wanted.timeline) counts.timelineCount = all - sum(["repost"]);
  return counts;
}

/** The list's condition as SQL, for the anchors' index walk (page-anchors.ts). */
function listWhere(ownerId: string, status: string, mode: KindsMode, kinds: string[]) {
  return and(
    eq(contentItems.ownerId, ownerId),
    eq(contentItems.status, status),
    mode === "listed" ? inArray(contentItems.kind, kinds.length ? kinds : ["__none__"]) : undefined,
    mode === "noReposts" ? ne(contentItems.kind, "repost") : undefined,
  );
}

/** more-from-owner: the owner's latest other items; similar: the same kind from others, latest first. */
export async function relatedContent(db: Db, id: string, viewer: Viewer) {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id)).limit(1);
  assertVisible(row, viewer.profileId);
  await assertOwnerVisible(db, row.ownerId, viewer);
  const limit = 4;
  const fromOwner = await db
    .select()
    .from(contentItems)
    .where(
      and(
        eq(contentItems.ownerId, row.ownerId),
        eq(contentItems.status, "active"),
        ne(contentItems.id, row.id),
        ne(contentItems.kind, "repost"),
      ),
    )
    .orderBy(desc(contentItems.publicationDate), desc(contentItems.id))
    .limit(limit);
  const similar = await db
    .select()
    .from(contentItems)
    .where(
      and(
        eq(contentItems.kind, row.kind),
        eq(contentItems.status, "active"),
        ne(contentItems.ownerId, row.ownerId),
        // Only owners this viewer may see (decision 0014).
        ownerVisibleTo(contentItems.ownerId, viewer),
      ),
    )
    .orderBy(desc(contentItems.publicationDate), desc(contentItems.id))
    .limit(limit);
  // Both lists hydrated at once (one statement); their owners differ, so they split by owner.
  const items = await contentItemViewsFor(db, [...fromOwner, ...similar], viewer);
  return {
    "more-from-owner": items.filter((item) => item.owner.id === row.ownerId),
    similar: items.filter((item) => item.owner.id !== row.ownerId),
  };
}

// Reposts -------------------------------------------------------------------------------------

export async function repostContent(
  db: Db,
  actor: SessionActor,
  targetId: string,
  input: z.output<typeof repostRequestSchema>,
): Promise<ContentItem> {
  const ownerId = actingProfileId(actor);
  assertMayAct(actor, "repost", null);
  const [found] = await db.select().from(contentItems).where(eq(contentItems.id, targetId)).limit(1);
  if (found?.status !== "active")
    throw new AppError("content_notFound", { message: messages.repostCheckContent });
  // Reposting a repost reposts what it points at.
  let target = found;
  if (found.kind === "repost" && found.repostOfId) {
    const [original] = await db
      .select()
      .from(contentItems)
      .where(eq(contentItems.id, found.repostOfId))
      .limit(1);
    if (original?.status !== "active")
      throw new AppError("content_notFound", { message: messages.repostCheckContent });
    target = original;
  }
  // Nothing is reposted across a block (either way, the reposted repost's owner included), nor
  // what the owner's privacy level keeps from the reposter (decision 0014): as if it did not exist.
  const [targetOwner] = await db
    .select({ id: profiles.id, privacy: profiles.privacy, verificationStatus: profiles.verificationStatus })
    .from(profiles)
    .where(eq(profiles.id, target.ownerId))
    .limit(1);
  const hidden =
    !targetOwner ||
    !mayView(targetOwner, viewerOfActor(actor)) ||
    (await isBlockedBetween(db, ownerId, target.ownerId)) ||
    (found.ownerId !== target.ownerId && (await isBlockedBetween(db, ownerId, found.ownerId)));
  if (hidden) throw new AppError("content_notFound", { message: messages.repostCheckContent });
  if (!target.repostsEnabled) throw new AppError("request_forbidden", { message: messages.repostsDisabled });
  if (target.ownerId === ownerId)
    throw new AppError("request_conflict", { message: messages.cannotRepostOwn });
  if (!input.quote) {
    const [existing] = await db
      .select({ id: contentItems.id })
      .from(contentItems)
      .where(
        and(
          eq(contentItems.ownerId, ownerId),
          eq(contentItems.repostOfId, target.id),
          eq(contentItems.status, "active"),
          sql`${contentItems.quote} IS NULL`,
        ),
      )
      .limit(1);
    if (existing) throw new AppError("request_conflict", { message: messages.alreadyReposted });
  }
  const owner = await loadProfile(db, ownerId);
  const row = await insertWithUniqueSlug(
    db,
    {
      id: crypto.randomUUID(),
      ownerId,
      authorUserId: actor.userId,
      kind: "repost",
      slug: "",
      repostOfId: target.id,
      quote: input.quote ?? null,
      shortContent: input.quote?.slice(0, SHORT_CONTENT_MAX) ?? null,
      status: "active",
      publicationDate: new Date(),
      commentsMode: "open",
    },
    input.quote ?? `repost ${target.title ?? target.shortContent ?? ""}`.slice(0, 40),
  );
  const [item] = await contentItemViews(db, [row], ownerId);
  void owner;
  return item!;
}

export async function deleteRepost(db: Db, actor: SessionActor, id: string): Promise<void> {
  const { row } = await loadOwnItem(db, actor, id).catch(() => {
    throw new AppError("content_notFound", { message: messages.repostDeleteFailed });
  });
  if (row.kind !== "repost") throw new AppError("content_notFound", { message: messages.repostDeleteFailed });
  await db
    .update(contentItems)
    .set({ status: "removed", updatedAt: new Date() })
    .where(eq(contentItems.id, id));
}

// Scheduling ----------------------------------------------------------------------------------

/** Publishes every planned item whose date has come; returns what changed (for the owners' sockets). */
export async function publishDue(db: Db, now = new Date()): Promise<StatusChange[]> {
  const rows = await db
    .update(contentItems)
    .set({ status: "active", updatedAt: now })
    .where(and(eq(contentItems.status, "planned"), sql`${contentItems.publicationDate} <= ${now}`))
    .returning();
  return rows.map((r) => ({
    ownerId: r.ownerId,
    contentId: r.id,
    slug: r.slug,
    status: r.status,
    publicationDate: r.publicationDate,
  }));
}
