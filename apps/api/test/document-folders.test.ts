import { type ContentItem, messages } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { contentItems } from "../src/db/schema/content";
import { createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

/**
 * Document folders (issue 18, migration 0024): a document's folder is stored on create, returned
 * by every view, changed and cleared by an edit; bad names and folders on other kinds are refused
 * with nothing saved; the profile's folders section lists the documents with their folder.
 */

let testDb: TestDatabase;
let app: App;
let author: SeededPerson;
let other: SeededPerson;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  author = await createPerson(db(), {
    name: "Fiona Folders",
    email: "fiona@example.com",
    slug: "fiona.folders.18",
    verificationStatus: "verified",
  });
  other = await createPerson(db(), {
    name: "Oscar Other",
    email: "oscar@example.com",
    slug: "oscar.other.18",
    verificationStatus: "verified",
  });
  headers = await bearerFor(db(), author.userId);
  otherHeaders = await bearerFor(db(), other.userId);
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

const create = (payload: object, as = headers) =>
  app.inject({ method: "POST", url: "/api/v1/content", headers: as, payload });
const edit = (id: string, payload: object, as = headers) =>
  app.inject({ method: "PATCH", url: `/api/v1/content/${id}`, headers: as, payload });
const storedFolder = async (id: string) =>
  (await db().select({ folder: contentItems.folder }).from(contentItems).where(eq(contentItems.id, id)))[0]
    ?.folder;
const countDocuments = async () =>
  (await db().select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.kind, "document")))
    .length;
const doc = (folder?: unknown) => ({
  kind: "document",
  title: "Handbook",
  description: "How we work",
  ...(folder === undefined ? {} : { folder }),
});

describe("document folders", () => {
  it("stores a document's folder, cleaned, and returns it from the item, its page and the section", async () => {
    const res = await create(doc("  Team   handbooks  "));
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().data as ContentItem;
    expect(item.folder).toBe("Team handbooks");
    expect(await storedFolder(item.id)).toBe("Team handbooks");

    const byId = await app.inject({ method: "GET", url: `/api/v1/content/${item.id}`, headers });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().data.folder).toBe("Team handbooks");

    const unfiled = await create(doc());
    expect(unfiled.statusCode, unfiled.body).toBe(201);
    expect(unfiled.json().data.folder).toBeNull();
    const emptied = await create(doc("   "));
    expect(emptied.json().data.folder).toBeNull();

    const query = new URLSearchParams({ tab: "media", filter: JSON.stringify({ section: "folders" }) });
    const section = await app.inject({
      method: "GET",
      url: `/api/v2/profiles/fiona.folders.18/content?${query.toString()}`,
    });
    expect(section.statusCode, section.body).toBe(200);
    const folders = Object.fromEntries(
      (section.json().data as ContentItem[]).map((entry) => [entry.id, entry.folder]),
    );
    expect(folders).toEqual({
      [item.id]: "Team handbooks",
      [unfiled.json().data.id]: null,
      [emptied.json().data.id]: null,
    });
  });

  it("moves a document to another folder, keeps it when absent and clears it with empty or null", async () => {
    const id = (await create(doc("Drafts"))).json().data.id as string;

    const moved = await edit(id, { folder: "Published" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.folder).toBe("Published");
    expect(await storedFolder(id)).toBe("Published");

    const kept = await edit(id, { title: "Handbook 2" });
    expect(kept.json().data.folder).toBe("Published");

    const cleared = await edit(id, { folder: "" });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.folder).toBeNull();
    expect(await storedFolder(id)).toBeNull();

    await edit(id, { folder: "Again" });
    const nulled = await edit(id, { folder: null });
    expect(nulled.statusCode, nulled.body).toBe(200);
    expect(await storedFolder(id)).toBeNull();
  });

  it("refuses bad folder names, folders on other kinds and others' documents, saving nothing", async () => {
    const before = await countDocuments();
    for (const folder of ["x".repeat(65), "two\nlines", "tab\there", "bell\u0007", 42]) {
      const res = await create(doc(folder));
      expect(res.statusCode, `${JSON.stringify(folder)}: ${res.body}`).toBe(422);
    }
    const tooLong = await create(doc("x".repeat(65)));
    expect(tooLong.body).toContain("64");
    expect(await countDocuments()).toBe(before);
    expect((await create(doc("x".repeat(64)))).statusCode).toBe(201);

    const post = await create({ kind: "post", content: "Hello", folder: "Notes" });
    expect(post.statusCode).toBe(422);
    expect(post.body).toContain(messages.folderDocumentsOnly);

    const id = (await create(doc("Kept"))).json().data.id as string;
    for (const folder of ["y".repeat(65), "a\nb", "nul\u0000"]) {
      expect((await edit(id, { folder })).statusCode).toBe(422);
    }
    expect(await storedFolder(id)).toBe("Kept");

    const postId = (await create({ kind: "post", content: "Plain post" })).json().data.id as string;
    const filedPost = await edit(postId, { folder: "Notes" });
    expect(filedPost.statusCode).toBe(422);
    expect(await storedFolder(postId)).toBeNull();

    // Another person cannot refile it: it answers as missing.
    expect((await edit(id, { folder: "Mine" }, otherHeaders)).statusCode).toBe(404);
    expect(await storedFolder(id)).toBe("Kept");
  });
});
