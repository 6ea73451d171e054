import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { endpointList, errorStatus, type Policy } from "@vn/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { createTestDatabase, type TestDatabase } from "./support/database";

/**
 * The document /api/docs/json serves passes `redocly lint` (the recommended rules, redocly.yaml
 * at the root) with no errors, and says for every operation who may call it and how it fails.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const redocly = path.join(root, "node_modules/@redocly/cli/bin/cli.js");

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}
interface Problem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: Array<{ pointer: string }>;
}

let testDb: TestDatabase;
let app: App;
let document: Document;
let operations: Array<{ method: string; path: string; operation: Operation }>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(testConfig({ LOG_LEVEL: "warn" }), { database: testDb.database });
  await app.ready();
  const res = await app.inject({ method: "GET", url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  document = res.json() as Document;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
});
afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

function lint(file: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [redocly, "lint", file, "--format=json", "--max-problems=100000", `--config=${root}/redocly.yaml`],
      {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("the OpenAPI document", () => {
  it("passes redocly lint with no errors", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "vn-openapi-"));
    try {
      const file = path.join(dir, "openapi.json");
      await writeFile(file, JSON.stringify(document));
      const result = await lint(file);
      const start = result.stdout.indexOf("{");
      expect(start, `redocly printed no report:\n${result.stdout}\n${result.stderr}`).toBeGreaterThanOrEqual(
        0,
      );
      const report = JSON.parse(result.stdout.slice(start)) as {
        totals: { errors: number; warnings: number };
        problems: Problem[];
      };
      const errors = report.problems
        .filter((problem) => problem.severity === "error")
        .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(result.status).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("names the server and emits every component a $ref points to", () => {
    expect(document.servers?.[0]?.url).toBe(app.deps.config.API_ORIGIN.replace(/\/+$/, ""));
    const refs = new Set(JSON.stringify(document).match(/#\/components\/schemas\/[^"]+/g) ?? []);
    for (const ref of refs) {
      expect(document.components.schemas[ref.slice("#/components/schemas/".length)], ref).toBeDefined();
    }
    expect(document.components.schemas.ErrorBody).toMatchObject({
      properties: { error: { properties: { code: {}, message: {} } } },
    });
  });

  it("gives every operation an id, its security and the errors its inputs imply", () => {
    expect(operations.length).toBeGreaterThan(50);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, where).toMatch(/^[\w.-]+$/);
      expect(Array.isArray(operation.security), where).toBe(true);
      const statuses = Object.keys(operation.responses);
      // A session (cookie or bearer) may be missing or expired; a bearer alone is some other token.
      if (operation.security?.some((scheme) => scheme.cookie)) expect(statuses, where).toContain("401");
      if (operation.requestBody || operation.parameters?.length) expect(statuses, where).toContain("422");
      if (operation.requestBody) expect(statuses, where).toContain("400");
      for (const status of statuses.filter((status) => status.startsWith("4"))) {
        const response = operation.responses[status];
        expect(response?.content?.["application/json"]?.schema, `${where} ${status}`).toEqual({
          $ref: "#/components/schemas/ErrorBody",
        });
        expect(response?.description, `${where} ${status}`).toMatch(/`\w+`/);
      }
    }
  });

  it("documents each table row by its policy and declared errors", () => {
    const byId = new Map(operations.map((entry) => [entry.operation.operationId, entry.operation]));
    let checked = 0;
    for (const { id, endpoint } of endpointList) {
      const operation = byId.get(id);
      if (!operation || endpoint.hidden) continue;
      checked++;
      const policy: Policy = endpoint.policy;
      const responses = operation.responses;
      if (policy.who === "anyone") expect(operation.security, id).not.toContainEqual({ cookie: [] });
      else {
        expect(operation.security, id).toEqual([{ bearer: [] }, { cookie: [] }]);
        expect(responses["401"]?.description, id).toContain("`request_unauthenticated`");
      }
      const refused =
        ["active", "participant", "verified", "staff", "admin"].includes(policy.who) ||
        policy.scope !== undefined ||
        policy.feature !== undefined;
      if (refused) expect(responses["403"], id).toBeDefined();
      if (policy.rateLimit !== false) {
        const code = policy.rateLimit?.code ?? "request_tooMany";
        expect(responses[String(errorStatus(code))]?.description, id).toContain(`\`${code}\``);
      }
      for (const code of endpoint.errors ?? []) {
        expect(responses[String(errorStatus(code))]?.description, `${id} ${code}`).toContain(`\`${code}\``);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
