import { type ContentItem, messages } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { contentItems } from "../src/db/schema/index";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Issue 18: an event keeps its own time zone (content_items.time_zone), so readers see its times
 * in the event's zone and, when it differs, their own. A zone the runtime does not know is refused.
 */
let testDb: TestDatabase;
let app: App;
let as: Record<string, string>;
let reader: Record<string, string>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig(), { database: testDb.database });
  const db = testDb.database.db;
  const host = await createPerson(db, {
    name: "Event Host",
    email: "host@example.com",
    slug: "event.host.41",
    planTier: "premium",
    verificationStatus: "verified",
  });
  const someone = await createPerson(db, { name: "Reader", email: "reader@example.com", slug: "reader.42" });
  as = await bearerFor(db, host.userId);
  reader = await bearerFor(db, someone.userId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

const event = (extra: Record<string, unknown> = {}) => ({
  kind: "event",
  title: "Launch evening",
  startsAt: "2027-03-10T18:00:00.000Z",
  endsAt: "2027-03-10T20:00:00.000Z",
  place: "Warsaw, Plac Defilad 1",
  ...extra,
});
const create = (payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/v1/content", headers: as, payload });
const stored = async (id: string) =>
  (await testDb.database.db.select().from(contentItems).where(eq(contentItems.id, id)))[0]!;

describe("an event's own time zone", () => {
  it("is stored, and returned with the event to its readers (the public page too)", async () => {
    const res = await create(event({ timeZone: "Europe/Warsaw" }));
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<{ data: ContentItem }>().data;
    expect(item.event).toMatchObject({ timeZone: "Europe/Warsaw", startsAt: "2027-03-10T18:00:00.000Z" });
    expect((await stored(item.id)).timeZone).toBe("Europe/Warsaw");

    const read = await app.inject({ method: "GET", url: `/api/v1/content/${item.id}`, headers: reader });
    expect(read.json<{ data: ContentItem }>().data.event?.timeZone).toBe("Europe/Warsaw");
    const [segment, slug] = item.path.split("/").slice(2);
    const page = await app.inject({ method: "GET", url: `/api/v2/content/${segment}/${slug}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ data: ContentItem }>().data.event?.timeZone).toBe("Europe/Warsaw");
  });

  it("is kept in the zone's canonical spelling, and changed by an edit", async () => {
    const res = await create(event({ timeZone: "america/new_york" }));
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<{ data: ContentItem }>().data;
    expect(item.event?.timeZone).toBe("America/New_York");

    const edited = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${item.id}`,
      headers: as,
      payload: { timeZone: "Asia/Tokyo" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: ContentItem }>().data.event?.timeZone).toBe("Asia/Tokyo");
    // An edit that does not name a zone keeps it.
    const retitled = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${item.id}`,
      headers: as,
      payload: { title: "Launch night" },
    });
    expect(retitled.json<{ data: ContentItem }>().data.event?.timeZone).toBe("Asia/Tokyo");
  });

  it("is null on an event made without one", async () => {
    const res = await create(event());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: ContentItem }>().data.event?.timeZone).toBeNull();
  });

  it("refuses a zone it does not know, with a clear message, and keeps nothing", async () => {
    for (const timeZone of ["Mars/Olympus_Mons", "+02:00", "Europe/Warsaw; DROP TABLE", ""]) {
      const res = await create(event({ title: `Nowhere ${timeZone}`, timeZone }));
      expect(res.statusCode, timeZone).toBe(422);
      const details = res.json().error.details as { path: string; message: string }[];
      expect(details, timeZone).toContainEqual({ path: "body.timeZone", message: messages.timeZoneInvalid });
    }
    const items = await testDb.database.db.select().from(contentItems);
    expect(items.some((row) => row.title?.startsWith("Nowhere"))).toBe(false);

    const res = await create(event({ timeZone: "Europe/Warsaw" }));
    const refused = await app.inject({
      method: "PATCH",
      url: `/api/v1/content/${res.json<{ data: ContentItem }>().data.id}`,
      headers: as,
      payload: { timeZone: "Not/AZone" },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(messages.timeZoneInvalid);
  });

  it("is not kept on publications that are not events", async () => {
    const res = await create({ kind: "post", content: "No times here", timeZone: "Europe/Warsaw" });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<{ data: ContentItem }>().data;
    expect(item.event).toBeNull();
    expect((await stored(item.id)).timeZone).toBeNull();
  });
});
