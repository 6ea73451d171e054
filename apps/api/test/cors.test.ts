import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createTestDatabase, type TestDatabase } from "./support/database";

/** plugins/cors.ts answers as @fastify/cors did with our options (issue 17). */
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

const exposed = "content-range, accept-ranges, content-length, x-request-id, retry-after, set-auth-token";
const url = "/api/v1/dashboard/owner/slug/exists";

describe("CORS", () => {
  it("marks every response Vary: Origin, with credentials and the exposed headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers.vary).toBe("Origin");
    expect(res.headers["access-control-allow-credentials"]).toBe("true");
    expect(res.headers["access-control-expose-headers"]).toBe(exposed);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("reflects an allowed Origin and no other", async () => {
    const ok = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { origin: "http://localhost:3000" },
    });
    expect(ok.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(ok.headers.vary).toBe("Origin");
    const other = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { origin: "https://evil.example" },
    });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    expect(other.headers["access-control-allow-credentials"]).toBe("true");
  });

  it("answers a preflight 204 before the guard, with methods, requested headers and max-age", async () => {
    const res = await app.inject({
      method: "OPTIONS",
      url,
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, x-foo",
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(res.headers).toMatchObject({
      "access-control-allow-origin": "http://localhost:3000",
      "access-control-allow-credentials": "true",
      "access-control-expose-headers": exposed,
      "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE",
      "access-control-allow-headers": "content-type, x-foo",
      "access-control-max-age": "600",
      "content-length": "0",
      vary: "Origin, Access-Control-Request-Headers",
    });
  });

  it("answers a preflight from another origin 204 without Allow-Origin", async () => {
    const res = await app.inject({
      method: "OPTIONS",
      url: "/api/nowhere",
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    expect(res.headers["access-control-allow-headers"]).toBeUndefined();
  });

  it("refuses an OPTIONS that is not a preflight with 400", async () => {
    for (const headers of [
      {},
      { origin: "http://localhost:3000" },
      { "access-control-request-method": "GET" },
    ]) {
      const res = await app.inject({ method: "OPTIONS", url: "/api/health", headers });
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe("Invalid Preflight Request");
      expect(res.headers["content-type"]).toContain("text/plain");
    }
  });
});
