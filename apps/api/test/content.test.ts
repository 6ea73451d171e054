import { type ContentItem, messages } from "@vn/contract";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { contentItems, profiles } from "../src/db/schema/index";
import { publishPlanned } from "../src/jobs/publish-planned";
import { forgetAnchors } from "../src/modules/content/page-anchors";
import { attachRealtime } from "../src/realtime/index";
import { createCompany, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

let testDb: TestDatabase;
let app: App;
let basic: SeededPerson; // basic plan
let pro: SeededPerson; // standard plan
let reader: SeededPerson;
let as: Record<string, Record<string, string>>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig(), { database: testDb.database });
  app.deps.realtime = await attachRealtime(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const db = testDb.database.db;
  // The writers and the reader are verified, so their profiles are public: visitors read what
  // they publish (decision 0014: an unverified profile is for signed-in members only).
  basic = await createPerson(db, {
    name: "Basic Writer",
    email: "basic@example.com",
    slug: "basic.writer.11",
    verificationStatus: "verified",
  });
  pro = await createPerson(db, {
    name: "Pro Writer",
    email: "pro@example.com",
    slug: "pro.writer.22",
    planTier: "standard",
    verificationStatus: "verified",
  });
  reader = await createPerson(db, {
    name: "Some Reader",
    email: "reader@example.com",
    slug: "some.reader.33",
    verificationStatus: "verified",
  });
  as = {
    basic: await bearerFor(db, basic.userId),
    pro: await bearerFor(db, pro.userId),
    reader: await bearerFor(db, reader.userId),
  };
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

const create = (who: string, body: unknown) =>
  app.inject({ method: "POST", url: "/api/v1/content", headers: as[who], payload: body as object });
const rowCount = async () =>
  (await testDb.database.db.select({ n: sql<number>`count(*)::int` }).from(contentItems))[0]!.n;

describe("publishing", () => {
  it("publishes a post that shows on the profile and its detail page", async () => {
    const res = await create("basic", { kind: "post", content: "  Hello   network!  " });
    expect(res.statusCode).toBe(201);
    const item = res.json().data as ContentItem;
    expect(item).toMatchObject({
      status: "active",
      type: { id: "post" },
      content: "Hello network!",
      isOwner: true,
    });
    expect(item.contentInteractionConfig).toEqual({
      commentsMode: "open",
      reactionsEnabled: true,
      repostsEnabled: false,
      viewsEnabled: true,
    });
    expect(item.path).toBe(`/basic.writer.11/posts/${item.slug}`);

    const list = await app.inject({
      method: "GET",
      url: "/api/v2/profiles/basic.writer.11/content?tab=media",
    });
    expect(list.json().data.map((i: ContentItem) => i.id)).toContain(item.id);
    const detail = await app.inject({
      method: "GET",
      url: `/api/v2/content/posts/${item.slug}?owner=Basic.Writer.11`,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      id: item.id,
      isOwner: false,
      owner: { slug: "basic.writer.11" },
    });
  });

  it.each([
    ["release", { title: "Q3 results", content: "<p>Revenue up.</p>" }, "releases"],
    ["news", { title: "News maps to releases", content: "<p>Yes.</p>" }, "releases"],
    ["statement", { title: "On the outage", content: "<p>Sorry.</p>" }, "statements"],
    ["insight", { title: "Three signals", content: "<p>One.</p>" }, "insights"],
    ["response", { title: "Our response", content: "<p>Data.</p>" }, "responses"],
    ["article", { title: "Long read", content: "<h2>Intro</h2><p>Body</p>" }, "articles"],
    ["document", { title: "Whitepaper", description: "Security overview" }, "files"],
    [
      "event",
      {
        title: "Open day",
        startsAt: "2027-01-10T10:00:00Z",
        endsAt: "2027-01-10T14:00:00Z",
        place: "Warsaw",
      },
      "events",
    ],
  ])("publishes a %s and finds it under /%s", async (kind, fields, segment) => {
    const res = await create("pro", { kind, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().data as ContentItem;
    const detail = await app.inject({ method: "GET", url: `/api/v2/content/${segment}/${item.slug}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.id).toBe(item.id);
  });

  it("publishes podcasts and videos only on plans that include them", async () => {
    const refused = await create("basic", { kind: "podcast", title: "Ep 1", description: "First" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "account_accessForbiddenByPlan",
      message: messages.mediaPublishingNeedsPlan,
    });
    expect((await create("pro", { kind: "video", title: "Tour", description: "Studio" })).statusCode).toBe(
      201,
    );
  });
});

describe("post rules", () => {
  it("requires content, with the spec's message, and leaves nothing behind", async () => {
    const before = await rowCount();
    const res = await create("basic", { kind: "post", content: "   " });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details).toContainEqual({
      path: "body.content",
      message: messages.fieldRequired,
    });
    expect(await rowCount()).toBe(before);
  });

  it("holds basic posts to 1,000 characters and suggests an upgrade or an article", async () => {
    const before = await rowCount();
    const res = await create("basic", { kind: "post", content: "a".repeat(1001) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: "account_accessForbiddenByPlan",
      message: messages.postLimitUpgrade,
      details: { limit: 1000, length: 1001, suggest: ["upgrade", "article"] },
    });
    expect(await rowCount()).toBe(before);
    expect((await create("basic", { kind: "post", content: "a".repeat(1000) })).statusCode).toBe(201);
    expect((await create("pro", { kind: "post", content: "a".repeat(3000) })).statusCode).toBe(201);
  });

  it("validates events: end after start, a place or a link", async () => {
    const res = await create("pro", {
      kind: "event",
      title: "X",
      startsAt: "2027-01-10T10:00:00Z",
      endsAt: "2027-01-09T10:00:00Z",
    });
    expect(res.statusCode).toBe(422);
    const details = res.json().error.details as { path: string; message: string }[];
    expect(details).toContainEqual({ path: "body.endsAt", message: messages.eventEndsBeforeStart });
    expect(details).toContainEqual({ path: "body.place", message: messages.eventPlaceRequired });
  });
});

describe("rich text is sanitized", () => {
  it("strips scripts, handlers and javascript: links before any reader sees them", async () => {
    const res = await create("pro", {
      kind: "article",
      title: "Safe",
      content:
        '<h2 onclick="x()">Title</h2><script>alert(1)</script><p>Hi <a href="javascript:alert(1)">bad</a> <a href="https://example.org">good</a></p><img src="https://example.org/a.png" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
    });
    const item = res.json().data as ContentItem;
    const seen = (
      await app.inject({ method: "GET", url: `/api/v2/content/articles/${item.slug}`, headers: as.reader })
    ).json().data;
    expect(seen.content).toBe(
      '<h2>Title</h2><p>Hi  <a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">good</a></p><img src="https://example.org/a.png" />',
    );
    expect(seen.content).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
  });
});

describe("ownership", () => {
  it("refuses editing or deleting another person's item as if it did not exist", async () => {
    const item = (await create("basic", { kind: "post", content: "Mine" })).json().data as ContentItem;
    const edit = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${item.id}`,
      headers: as.reader,
      payload: { content: "Hijacked" },
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error).toEqual({ code: "content_notFound", message: messages.editMissingPost });
    const del = await app.inject({ method: "DELETE", url: `/api/v1/content/${item.id}`, headers: as.reader });
    expect(del.statusCode).toBe(404);
    const anonymous = await app.inject({ method: "DELETE", url: `/api/v1/content/${item.id}` });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await testDb.database.db.select().from(contentItems).where(eq(contentItems.id, item.id));
    expect(row).toMatchObject({ content: "Mine", status: "active" });
  });

  it("lets the owner edit and delete; a deleted item is gone for everyone", async () => {
    const item = (await create("basic", { kind: "post", content: "Draft one" })).json().data as ContentItem;
    const edit = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${item.id}`,
      headers: as.basic,
      payload: { content: "Edited", settings: { repostsEnabled: true, commentsMode: "limited" } },
    });
    expect(edit.json().data).toMatchObject({
      content: "Edited",
      contentInteractionConfig: { repostsEnabled: true, commentsMode: "limited" },
    });
    expect(
      (await app.inject({ method: "DELETE", url: `/api/v1/content/${item.id}`, headers: as.basic }))
        .statusCode,
    ).toBe(204);
    expect((await app.inject({ method: "GET", url: `/api/v2/content/posts/${item.slug}` })).statusCode).toBe(
      404,
    );
    const again = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${item.id}`,
      headers: as.basic,
      payload: { content: "x" },
    });
    expect(again.json().error.message).toBe(messages.editMissingPost);
  });

  it("keeps company employees to their own posts (manage scope)", async () => {
    const db = testDb.database.db;
    const company = await createCompany(db, {
      name: "Scope Co",
      slug: "scope-co-44",
      ownerUserId: pro.userId,
      verificationStatus: "verified",
    });
    const employee = await createPerson(db, {
      name: "Em Ployee",
      email: "em@example.com",
      slug: "em.ployee.55",
      verificationStatus: "verified",
    });
    await db.execute(
      sql`INSERT INTO company_members (company_id, user_id, role) VALUES (${company.profileId}, ${employee.userId}, 'company_employee')`,
    );
    const asOwner = await bearerFor(db, pro.userId, company.profileId);
    const asEmployee = await bearerFor(db, employee.userId, company.profileId);

    const ownersPost = (
      await app.inject({
        method: "POST",
        url: "/api/v1/content",
        headers: asOwner,
        payload: { kind: "post", content: "From the owner" },
      })
    ).json().data;
    const mine = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: asEmployee,
      payload: { kind: "post", content: "From an employee" },
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().data.owner.slug).toBe("scope-co-44");
    const release = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: asEmployee,
      payload: { kind: "release", title: "T", content: "<p>x</p>" },
    });
    expect(release.statusCode).toBe(403);
    expect(release.json().error.code).toBe("accountManager_permissionNotProvided");
    const editOthers = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${ownersPost.id}`,
      headers: asEmployee,
      payload: { content: "changed" },
    });
    expect(editOthers.statusCode).toBe(403);
    const editOwn = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${mine.json().data.id}`,
      headers: asEmployee,
      payload: { content: "changed" },
    });
    expect(editOwn.statusCode).toBe(200);
  });
});

describe("scheduling", () => {
  it("needs a plan with scheduled content", async () => {
    const res = await create("basic", {
      kind: "post",
      content: "Later",
      publicationDate: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.scheduleNeedsPlan);
  });

  it("keeps a planned post from visitors, then publishes it and tells the owner over the socket", async () => {
    const when = new Date(Date.now() + 3600_000);
    const planned = (
      await create("pro", { kind: "post", content: "Coming soon", publicationDate: when.toISOString() })
    ).json().data as ContentItem;
    expect(planned.status).toBe("planned");
    expect(
      (await app.inject({ method: "GET", url: `/api/v2/content/posts/${planned.slug}` })).statusCode,
    ).toBe(404);
    const ownView = await app.inject({
      method: "GET",
      url: `/api/v2/profiles/pro.writer.22/content?filter=${encodeURIComponent('{"status":"planned"}')}`,
      headers: as.pro,
    });
    expect(ownView.json().data.map((i: ContentItem) => i.id)).toEqual([planned.id]);

    const address = app.server.address() as { port: number };
    const socket: Socket = connect(`http://127.0.0.1:${address.port}`, {
      transports: ["websocket"],
      reconnection: false,
      auth: { token: as.pro!.authorization!.slice(7) },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    const event = new Promise<unknown>((resolve) => socket.once("contentItem.status", resolve));
    // The clock reaches the publication date.
    await testDb.database.db
      .update(contentItems)
      .set({ publicationDate: new Date(Date.now() - 1000) })
      .where(eq(contentItems.id, planned.id));
    await publishPlanned.handle(
      {
        database: testDb.database,
        log: pino({ level: "silent" }),
        realtime: app.deps.realtime,
      },
      {},
    );
    expect(await event).toEqual({ contentId: planned.id, slug: planned.slug, status: "active" });
    socket.close();
    expect(
      (await app.inject({ method: "GET", url: `/api/v2/content/posts/${planned.slug}` })).statusCode,
    ).toBe(200);
  });
});

describe("lists", () => {
  it("pages with page numbers and with cursors alike, total pages in content-range", async () => {
    const db = testDb.database.db;
    const lister = await createPerson(db, {
      name: "List Er",
      email: "list@example.com",
      slug: "list.er.66",
      verificationStatus: "verified",
    });
    const auth = await bearerFor(db, lister.userId);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/v1/content",
        headers: auth,
        payload: {
          kind: "post",
          content: `Post ${i}`,
          publicationDate: new Date(Date.now() - (12 - i) * 60_000).toISOString(),
        },
      });
      ids.unshift(res.json().data.id);
    }
    const pageUrl = (page: number) =>
      `/api/v2/profiles/list.er.66/content?pagination=${encodeURIComponent(JSON.stringify({ page, perPage: 5 }))}`;
    const first = await app.inject({ method: "GET", url: pageUrl(1) });
    expect(first.headers["content-range"]).toBe("pages 1/3");
    expect(first.json().meta).toMatchObject({ total: 12, totalPages: 3, perPage: 5 });
    const byPages = [
      ...first.json().data,
      ...(await app.inject({ method: "GET", url: pageUrl(2) })).json().data,
      ...(await app.inject({ method: "GET", url: pageUrl(3) })).json().data,
    ].map((i: ContentItem) => i.id);
    expect(byPages).toEqual(ids);

    const byCursor: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/v2/profiles/list.er.66/content?pagination=${encodeURIComponent('{"perPage":5}')}${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await app.inject({ method: "GET", url });
      byCursor.push(...res.json().data.map((i: ContentItem) => i.id));
      cursor = res.json().meta.nextCursor;
    } while (cursor);
    expect(byCursor).toEqual(ids);

    const defaults = await app.inject({
      method: "GET",
      url: "/api/v2/profiles/list.er.66/content?feedCount=true&newsCount=true",
    });
    expect(defaults.json().data).toHaveLength(5);
    expect(defaults.json().meta.counts).toEqual({ feedCount: 12, newsCount: 0 });
  });

  it("gives the same deep pages through anchors as a plain walk, before and after the list changes", async () => {
    const db = testDb.database.db;
    const deep = await createPerson(db, {
      name: "Deep Lister",
      email: "deep@example.com",
      slug: "deep.lister.77",
      verificationStatus: "verified",
    });
    // 530 items written with now(): microsecond dates, and pairs sharing one date (ties by id).
    await db.execute(sql`
      INSERT INTO content_items (id, owner_id, kind, slug, short_content, status, publication_date)
      SELECT 'deep-' || lpad(i::text, 4, '0'), ${deep.profileId}, CASE WHEN i % 7 = 0 THEN 'release' ELSE 'post' END,
             'deep-' || i, 'Deep ' || i, CASE WHEN i % 50 = 0 THEN 'draft' ELSE 'active' END,
             now() - make_interval(secs => (i / 2) * 1.000001)
      FROM generate_series(1, 530) AS i`);
    forgetAnchors();
    const reference = async (kind?: string) =>
      (
        (await db.execute(sql`
          SELECT id FROM content_items WHERE owner_id = ${deep.profileId} AND status = 'active'
            AND kind <> 'repost' ${kind ? sql`AND kind = ${kind}` : sql``}
          ORDER BY publication_date DESC, id DESC`)) as unknown as { rows: Array<{ id: string }> }
      ).rows.map((r) => r.id);
    const page = async (n: number, perPage: number, filter?: object) => {
      const q = new URLSearchParams({ pagination: JSON.stringify({ page: n, perPage }) });
      if (filter) q.set("filter", JSON.stringify(filter));
      const res = await app.inject({ method: "GET", url: `/api/v2/profiles/deep.lister.77/content?${q}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((i: ContentItem) => i.id) as string[];
    };
    const check = async (pages: number[], perPage: number) => {
      const all = await reference();
      for (const n of pages)
        expect(await page(n, perPage)).toEqual(all.slice((n - 1) * perPage, n * perPage));
    };
    // Pages on both sides of anchor boundaries (every 50 rows), the last page and beyond it.
    await check([1, 10, 11, 20, 21, 40, 41, 61, 103, 104, 105, 106], 5);
    await check([1, 5, 11, 12, 13], 45);
    // The release section is its own list with its own anchors.
    const releases = await reference("release");
    expect(await page(3, 25, { section: "releases" })).toEqual(releases.slice(50, 75));

    // A new item on top shifts every page by one; a removed one and an unpublished one shift back.
    await create("basic", { kind: "post", content: "ignored" });
    await db.insert(contentItems).values({
      id: "deep-new",
      ownerId: deep.profileId,
      kind: "post",
      slug: "deep-new",
      shortContent: "Newest",
      status: "active",
      publicationDate: new Date(),
    });
    await check([21, 22, 101], 5);
    await db.update(contentItems).set({ status: "removed" }).where(eq(contentItems.id, "deep-0100"));
    await db.update(contentItems).set({ status: "active" }).where(eq(contentItems.id, "deep-0450"));
    await db
      .update(contentItems)
      .set({ publicationDate: new Date(0) })
      .where(eq(contentItems.id, "deep-0003"));
    await check([1, 20, 21, 80, 103, 104, 106], 5);

    // Cursors keep microseconds: walking by cursor meets every row once.
    const byCursor: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/v2/profiles/deep.lister.77/content?pagination=${encodeURIComponent('{"perPage":50}')}${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await app.inject({ method: "GET", url });
      byCursor.push(...res.json().data.map((i: ContentItem) => i.id));
      cursor = res.json().meta.nextCursor;
    } while (cursor);
    expect(byCursor).toEqual(await reference());
  });

  it("answers notFound for an unknown profile and refuses malformed JSON parameters", async () => {
    expect(
      (await app.inject({ method: "GET", url: "/api/v2/profiles/nobody.here.99/content" })).json().error.code,
    ).toBe("content_notFound");
    const bad = await app.inject({
      method: "GET",
      url: "/api/v2/profiles/list.er.66/content?pagination=%7Bpage",
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe("counts kept by the database", () => {
  it("follow every publish, status change and removal", async () => {
    const db = testDb.database.db;
    const counter = await createPerson(db, {
      name: "Count Er",
      email: "count@example.com",
      slug: "count.er.77",
      planTier: "standard",
      verificationStatus: "verified",
    });
    const auth = await bearerFor(db, counter.userId);
    const total = async () =>
      (await app.inject({ method: "GET", url: "/api/v2/profiles/count.er.77/content" })).json().meta
        .total as number;
    const post = (payload: object) =>
      app.inject({ method: "POST", url: "/api/v1/content", headers: auth, payload });
    const a = (await post({ kind: "post", content: "one" })).json().data;
    await post({ kind: "post", content: "two" });
    await post({
      kind: "post",
      content: "later",
      publicationDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await total()).toBe(2);
    await app.inject({ method: "DELETE", url: `/api/v1/content/${a.id}`, headers: auth });
    expect(await total()).toBe(1);
    await db
      .update(contentItems)
      .set({ publicationDate: new Date(Date.now() - 1000) })
      .where(eq(contentItems.status, "planned"));
    await publishPlanned.handle({ database: testDb.database, log: pino({ level: "silent" }) }, {});
    expect(await total()).toBe(2);
    const page = (await app.inject({ method: "GET", url: "/api/v2/profiles/count.er.77" })).json().data;
    expect(page.mediaCounts.all).toBe(2);
  });
});

describe("reposts and quotes", () => {
  it("reposts only where enabled, quotes need a note, and reposts can be deleted by their owner", async () => {
    const closed = (await create("basic", { kind: "post", content: "No reposts" })).json()
      .data as ContentItem;
    const refused = await app.inject({
      method: "POST",
      url: `/api/v1/content/${closed.id}/reposts`,
      headers: as.reader,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(messages.repostsDisabled);

    const open = (
      await create("basic", { kind: "post", content: "Share me", settings: { repostsEnabled: true } })
    ).json().data as ContentItem;
    const emptyQuote = await app.inject({
      method: "POST",
      url: `/api/v1/content/${open.id}/reposts`,
      headers: as.reader,
      payload: { withQuote: true, quote: "  " },
    });
    expect(emptyQuote.statusCode).toBe(422);
    expect(emptyQuote.json().error.details[0].message).toBe(messages.quoteNoteRequired);

    const quote = await app.inject({
      method: "POST",
      url: `/api/v1/content/${open.id}/reposts`,
      headers: as.reader,
      payload: { withQuote: true, quote: "Worth reading" },
    });
    expect(quote.statusCode).toBe(201);
    const repost = quote.json().data as ContentItem;
    expect(repost).toMatchObject({
      type: { id: "repost" },
      quote: "Worth reading",
      repostOf: { id: open.id },
    });
    const quotePage = await app.inject({
      method: "GET",
      url: `/api/v2/content/quote/${repost.slug}?owner=some.reader.33`,
    });
    expect(quotePage.json().data.repostOf.content).toBe("Share me");

    const plain = await app.inject({
      method: "POST",
      url: `/api/v1/content/${open.id}/reposts`,
      headers: as.reader,
      payload: {},
    });
    expect(plain.statusCode).toBe(201);
    const twice = await app.inject({
      method: "POST",
      url: `/api/v1/content/${open.id}/reposts`,
      headers: as.reader,
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
    const own = await app.inject({
      method: "POST",
      url: `/api/v1/content/${open.id}/reposts`,
      headers: as.basic,
      payload: {},
    });
    expect(own.statusCode).toBe(409);

    const feed = await app.inject({ method: "GET", url: "/api/v2/profiles/some.reader.33/content?tab=feed" });
    expect(feed.json().data.map((i: ContentItem) => i.type.id)).toEqual(["repost", "repost"]);
    const media = await app.inject({
      method: "GET",
      url: "/api/v2/profiles/some.reader.33/content?tab=media",
    });
    expect(media.json().data).toEqual([]);

    const byOther = await app.inject({
      method: "DELETE",
      url: `/api/v1/reposts/${repost.id}`,
      headers: as.basic,
    });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().error.message).toBe(messages.repostDeleteFailed);
    expect(
      (await app.inject({ method: "DELETE", url: `/api/v1/reposts/${repost.id}`, headers: as.reader }))
        .statusCode,
    ).toBe(204);
  });
});

describe("profile page data", () => {
  it("gives counts, links, contacts and the tabs the viewer may open", async () => {
    const db = testDb.database.db;
    await db
      .update(profiles)
      .set({
        socialLinks: JSON.stringify({ linkedin: "https://linkedin.com/in/pro" }),
        contactEmail: "hi@pro.example",
      })
      .where(eq(profiles.id, pro.profileId));
    const res = await app.inject({
      method: "GET",
      url: "/api/v2/profiles/PRO.writer.22",
      headers: as.reader,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.user).toMatchObject({ slug: "pro.writer.22", name: "Pro Writer", type: { id: "user" } });
    expect(page.socialLinks.linkedin).toBe("https://linkedin.com/in/pro");
    expect(page.contacts.mainEmail).toBe("hi@pro.example");
    expect(page.mediaCounts.releases).toBeGreaterThanOrEqual(2);
    expect(page.tabs).toEqual(["media", "feed", "contact"]);
    expect(page.sectionCounts).toMatchObject({
      releases: page.mediaCounts.releases,
      statements: 1,
      events: 1,
    });
    expect(page.isOwner).toBe(false);
    const basicPage = (await app.inject({ method: "GET", url: "/api/v2/profiles/basic.writer.11" })).json()
      .data;
    expect(basicPage.tabs).toEqual(["media", "feed"]);
  });

  it("takes a deleted profile and its publications off the site", async () => {
    const db = testDb.database.db;
    const gone = await createPerson(db, {
      name: "Gone Soon",
      email: "gone@example.com",
      slug: "gone.soon.88",
      verificationStatus: "verified",
    });
    const auth = await bearerFor(db, gone.userId);
    const item = (
      await app.inject({
        method: "POST",
        url: "/api/v1/content",
        headers: auth,
        payload: { kind: "post", content: "Bye" },
      })
    ).json().data as ContentItem;
    await db.update(profiles).set({ status: "deleted_by_user" }).where(eq(profiles.id, gone.profileId));
    expect((await app.inject({ method: "GET", url: "/api/v2/profiles/gone.soon.88" })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: "GET", url: "/api/v2/profiles/gone.soon.88/content" })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: "GET", url: `/api/v2/content/posts/${item.slug}` })).statusCode).toBe(
      404,
    );
  });

  it("hides blocked items from others with content_isBlocked", async () => {
    const item = (await create("basic", { kind: "post", content: "To be blocked" })).json()
      .data as ContentItem;
    await testDb.database.db
      .update(contentItems)
      .set({ status: "blocked" })
      .where(eq(contentItems.id, item.id));
    const other = await app.inject({
      method: "GET",
      url: `/api/v2/content/posts/${item.slug}`,
      headers: as.reader,
    });
    expect(other.json().error.code).toBe("content_isBlocked");
    const owner = await app.inject({
      method: "GET",
      url: `/api/v2/content/posts/${item.slug}`,
      headers: as.basic,
    });
    expect(owner.json().data.status).toBe("blocked");
  });
});
