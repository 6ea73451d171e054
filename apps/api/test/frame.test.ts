import { endpointList, errorMessage, messages } from "@vn/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createTestDatabase, type TestDatabase } from "./support/database";

let testDb: TestDatabase;
let app: App;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ LOG_LEVEL: "warn" }), {
    database: testDb.database,
    logStream: { write: (line: string) => void logLines.push(JSON.parse(line)) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url, payload, headers: { "content-type": "application/json", ...headers } });

describe("health and readiness", () => {
  it("answers health with the version and a request id", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", version: "0.0.0" });
    // This process's random prefix and a counter (lib/logger.ts): unique, with no crypto call each.
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    const next = await app.inject({ method: "GET", url: "/api/health" });
    expect(next.headers["x-request-id"]).not.toBe(res.headers["x-request-id"]);
  });

  it("keeps a caller's well-formed request id", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "trace-12345678" },
    });
    expect(res.headers["x-request-id"]).toBe("trace-12345678");
  });

  it("reports the database as ready", async () => {
    const res = await app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready", checks: { database: "ok" } });
  });
});

describe("bad input gets the catalogue's error and a log line", () => {
  it("answers an unknown route with a JSON 404", async () => {
    const res = await app.inject({ method: "GET", url: "/api/v1/nowhere" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: "request_notFound", message: errorMessage("request_notFound") },
    });
    expect(logLines.some((l) => l.code === "request_notFound" && l.url === "/api/v1/nowhere")).toBe(true);
  });

  it("answers malformed JSON with 400 request_malformed", async () => {
    const res = await post("/api/v1/dashboard/owner/slug/exists", '{"slug": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: "request_malformed", message: messages.invalidRequest });
    expect(logLines.some((l) => l.code === "request_malformed")).toBe(true);
  });

  it("answers wrong types with 422 and the field's message", async () => {
    const res = await post("/api/v1/dashboard/owner/slug/exists", JSON.stringify({ slug: 42 }));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.error.code).toBe("request_validationFailed");
    expect(body.error.details[0].path).toBe("body.slug");
  });

  it("answers a rule violation with the spec's message", async () => {
    const res = await post("/api/v1/dashboard/owner/slug/exists", JSON.stringify({ slug: "not a handle" }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details[0].message).toBe(messages.handleInvalidFormat);
  });

  it("answers an oversized body with 413 and reads no further", async () => {
    const res = await post(
      "/api/v1/dashboard/owner/slug/exists",
      JSON.stringify({ slug: "x".repeat(2 * 1024 * 1024) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("request_payloadTooLarge");
  });

  it("answers an unsupported content type with 415", async () => {
    const res = await post("/api/v1/dashboard/owner/slug/exists", "<slug/>", {
      "content-type": "application/xml",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("request_unsupportedMediaType");
  });
});

describe("handles", () => {
  it("reports a free handle with two digits as available", async () => {
    const res = await post("/api/v1/dashboard/owner/slug/exists", JSON.stringify({ slug: "new.person.42" }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { slug: "new.person.42", exists: false, available: true } });
  });
  it("reports a handle without two digits as needing Premium", async () => {
    const res = await post("/api/v2/dashboard/owner/slug/exists", JSON.stringify({ slug: "plainname" }));
    expect(res.json().data).toMatchObject({
      available: false,
      reason: "needsPremium",
      message: messages.handleNeedsPremium,
    });
  });
});

describe("security headers and CORS", () => {
  it("sends security headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeDefined();
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
  it("allows the web origin with credentials and refuses others", async () => {
    const ok = await app.inject({
      method: "OPTIONS",
      url: "/api/v1/dashboard/owner/slug/exists",
      headers: { origin: "http://localhost:3000", "access-control-request-method": "POST" },
    });
    expect(ok.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    expect(ok.headers["access-control-allow-credentials"]).toBe("true");
    const other = await app.inject({
      method: "OPTIONS",
      url: "/api/v1/dashboard/owner/slug/exists",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("OpenAPI", () => {
  it("lists every route the app serves", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const document = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe("3.1.0");
    expect(app.routeList.length).toBeGreaterThan(4);
    // Rows the table marks hidden (development helpers) are left out on purpose.
    const hidden = new Set(
      endpointList
        .filter((row) => row.endpoint.hidden)
        .flatMap(({ endpoint }) =>
          [endpoint.path, ...(endpoint.alsoAt ?? [])].map((url) => `${endpoint.method} ${url}`),
        ),
    );
    for (const route of app.routeList) {
      if (route.url.startsWith("/api/docs") || route.method === "HEAD" || route.method === "OPTIONS")
        continue;
      if (hidden.has(`${route.method} ${route.url}`)) continue;
      const path = route.url.replace(/:(\w+)/g, "{$1}");
      expect(document.paths[path], `${route.method} ${route.url}`).toBeDefined();
      expect(
        document.paths[path]?.[route.method.toLowerCase()],
        `${route.method} ${route.url}`,
      ).toBeDefined();
    }
  });
  it("serves a readable page", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
  });
});
