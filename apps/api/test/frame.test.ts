import { errorMessage } from "@vn/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createTestDatabase, type TestDatabase } from "./support/database";

let testDb: TestDatabase;
let app: App;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig(), { database: testDb.database });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

describe("health and readiness", () => {
  it("answers health with the version", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok" });
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("reports the database as ready", async () => {
    const res = await app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready", checks: { database: "ok" } });
  });
});

describe("errors", () => {
  it("answers an unknown route with the catalogue's JSON 404", async () => {
    const res = await app.inject({ method: "GET", url: "/api/v1/nowhere" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: "request_notFound", message: errorMessage("request_notFound") },
    });
  });
});
