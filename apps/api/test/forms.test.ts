import { messages } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { feedback, reports } from "../src/db/schema/index";
import { addComment, createContent, createPerson, type SeededPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { bearerFor } from "./support/sessions";

let testDb: TestDatabase;
let app: App;
let reporter: SeededPerson;
let author: SeededPerson;
let headers: Record<string, string>;
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "100000" }), { database: testDb.database });
  reporter = await createPerson(db(), {
    name: "Rita Reporter",
    email: "rita@example.com",
    slug: "rita.reporter.10",
  });
  author = await createPerson(db(), {
    name: "Arlo Author",
    email: "arlo@example.com",
    slug: "arlo.author.20",
  });
  headers = await bearerFor(db(), reporter.userId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

const post = (url: string, payload: object, h = headers) =>
  app.inject({ method: "POST", url: `/api/v1${url}`, headers: h, payload });

describe("reports", () => {
  it("stores reports of publications, comments and profiles for moderation, once per open target", async () => {
    const item = await createContent(db(), { ownerId: author.profileId, kind: "post", content: "Spammy" });
    const comment = await addComment(db(), {
      contentId: item.id,
      authorId: author.profileId,
      body: "Buy now",
    });
    const onItem = await post("/reports", { targetType: "content", targetId: item.id, reason: "spam" });
    expect(onItem.statusCode, onItem.body).toBe(201);
    const again = await post("/reports", { targetType: "content", targetId: item.id, reason: "spam" });
    expect(again.json().data.id).toBe(onItem.json().data.id);
    expect(
      (
        await post("/reports", {
          targetType: "comment",
          targetId: comment.id,
          reason: "harassment",
          description: "  Rude  ",
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await post("/reports", { targetType: "profile", targetId: author.profileId, reason: "impersonation" }))
        .statusCode,
    ).toBe(201);
    const rows = await db().select().from(reports).where(eq(reports.reporterUserId, reporter.userId));
    expect(
      rows.map((r) => [r.targetType, r.reason, r.targetProfileId, r.status, r.description]).sort(),
    ).toEqual(
      [
        ["comment", "harassment", author.profileId, "open", "Rude"],
        ["content", "spam", author.profileId, "open", null],
        ["profile", "impersonation", author.profileId, "open", null],
      ].sort(),
    );
  });

  it("refuses a missing target with §8's report failure, and 'other' without a description", async () => {
    const missing = await post("/reports", { targetType: "content", targetId: "nope", reason: "spam" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(messages.reportFailed);
    const other = await post("/reports", {
      targetType: "profile",
      targetId: author.profileId,
      reason: "other",
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.details).toContainEqual({
      path: "body.description",
      message: messages.fieldRequired,
    });
    const self = await post("/reports", {
      targetType: "profile",
      targetId: reporter.profileId,
      reason: "spam",
    });
    expect(self.json().error.code).toBe("social_selfNotAllowed");
  });

  it("allows 10 reports an hour per account, then refuses with report_tooMany", async () => {
    const flooder = await createPerson(db(), {
      name: "Flo Reports",
      email: "flo@example.com",
      slug: "flo.reports.30",
    });
    const h = await bearerFor(db(), flooder.userId);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const item = await createContent(db(), {
        ownerId: author.profileId,
        kind: "post",
        content: `Item ${i}`,
      });
      const res = await post("/reports", { targetType: "content", targetId: item.id, reason: "spam" }, h);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().error).toMatchObject({
          code: "report_tooMany",
          message: messages.reportRateLimited,
        });
        expect(res.headers["retry-after"]).toBeDefined();
      }
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
  });
});

describe("feedback", () => {
  it("needs a rating and a message, within the maximum length", async () => {
    const none = await post("/feedback", {});
    expect(none.statusCode).toBe(422);
    const details = none.json().error.details as { path: string; message: string }[];
    expect(details).toContainEqual({ path: "body.rating", message: messages.fieldRequired });
    expect(details).toContainEqual({ path: "body.message", message: messages.fieldRequired });
    const long = await post("/feedback", { rating: 4, message: "a".repeat(2001) });
    expect(long.json().error.details).toContainEqual({
      path: "body.message",
      message: "Max 2000 characters.",
    });
    expect((await post("/feedback", { rating: 6, message: "Great" })).statusCode).toBe(422);
  });

  it("stores feedback and allows 3 an hour per account, then shows the feedback rate-limit message", async () => {
    const sender = await createPerson(db(), {
      name: "Fred Back",
      email: "fred@example.com",
      slug: "fred.back.40",
    });
    const h = await bearerFor(db(), sender.userId);
    for (let i = 0; i < 3; i++) {
      const res = await post("/feedback", { rating: 5, message: `Lovely ${i}`, page: "/home" }, h);
      expect(res.statusCode, res.body).toBe(201);
    }
    const fourth = await post("/feedback", { rating: 5, message: "Again" }, h);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatchObject({
      code: "feedback_tooMany",
      message: messages.feedbackRateLimited,
    });
    const rows = await db().select().from(feedback).where(eq(feedback.userId, sender.userId));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ rating: 5, page: "/home" });
  });

  it("needs a session", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/feedback",
      payload: { rating: 5, message: "Hi" },
    });
    expect(res.statusCode).toBe(401);
  });
});
