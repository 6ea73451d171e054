import { randomUUID } from "node:crypto";
import { messages } from "@vn/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createTestDatabase, type TestDatabase } from "./support/database";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

const docs = (app: App) => app.inject({ method: "GET", url: "/api/docs/json" });

describe("rate limiting in memory", () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp(testConfig({ RATE_LIMIT_PER_MINUTE: "3" }), { database: testDb.database });
  });
  afterAll(() => app.close());

  it("answers 429 request_tooMany with retry-after past the limit", async () => {
    for (let i = 0; i < 3; i++) expect((await docs(app)).statusCode).toBe(200);
    const limited = await docs(app);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: "request_tooMany",
      message: messages.tooManyRequests,
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("never limits health checks", async () => {
    for (let i = 0; i < 10; i++)
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.REDIS_URL)("rate limiting on Redis", () => {
  let first: App;
  let second: App;
  beforeAll(async () => {
    const config = testConfig({
      RATE_LIMIT_PER_MINUTE: "4",
      REDIS_URL: process.env.REDIS_URL,
      RATE_LIMIT_NAMESPACE: `vn-rl-test-${randomUUID()}:`,
    });
    first = await buildApp(config, { database: testDb.database });
    second = await buildApp(config, { database: testDb.database });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("shares counters between API nodes", async () => {
    expect((await docs(first)).statusCode).toBe(200);
    expect((await docs(second)).statusCode).toBe(200);
    expect((await docs(first)).statusCode).toBe(200);
    expect((await docs(second)).statusCode).toBe(200);
    expect((await docs(first)).statusCode).toBe(429);
    expect((await docs(second)).statusCode).toBe(429);
  });

  it("reports Redis in readiness", async () => {
    const res = await first.inject({ method: "GET", url: "/api/ready" });
    expect(res.json()).toEqual({ status: "ready", checks: { database: "ok", redis: "ok" } });
  });
});
