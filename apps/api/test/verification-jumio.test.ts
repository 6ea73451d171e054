import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { idvTransactions } from "../src/db/schema/index";
import { JumioIdentityVendor } from "../src/providers/identity/jumio";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { mediaDir } from "./support/media";
import { png } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Issue 12: the real identity vendor (Jumio) against a local stand-in that checks every request
 * the way Jumio would (OAuth2 client credentials, bearer tokens, the account body) and answers
 * like it. Callbacks are not signed by Jumio: the API reads each result back from the vendor.
 */

interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A Jumio stand-in: accounts with one workflow execution each, decided by the test. */
function jumioStandIn() {
  const requests: Recorded[] = [];
  const executions = new Map<
    string,
    { accountId: string; reference: string; status: string; decision?: object }
  >();
  const failures: string[] = [];
  const TOKEN = `tok_${randomUUID()}`;
  let base = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", base);
      requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, body });
      const reply = (status: number, json?: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(json === undefined ? "" : JSON.stringify(json));
      };
      if (url.pathname === "/oauth2/token") {
        const expected = `Basic ${Buffer.from("client-id:client-secret").toString("base64")}`;
        if (req.headers.authorization !== expected) failures.push("token: wrong basic credentials");
        if (body !== "grant_type=client_credentials") failures.push(`token: body ${body}`);
        return reply(200, { access_token: TOKEN, expires_in: 3600, token_type: "Bearer" });
      }
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        failures.push(`${req.method} ${url.pathname}: no bearer token`);
        return reply(401, { message: "unauthorized" });
      }
      if (req.method === "POST" && url.pathname === "/api/v1/accounts") {
        const account = JSON.parse(body);
        if (!account.customerInternalReference) failures.push("account: no customerInternalReference");
        if (!String(account.callbackUrl).endsWith("/api/v1/webhooks/identity/jumio"))
          failures.push("account: callbackUrl");
        if (account.workflowDefinition?.key !== 10013) failures.push("account: workflow key");
        if (!String(account.web?.successUrl).endsWith("/verification/processing"))
          failures.push("account: successUrl");
        const accountId = `acc-${randomUUID()}`;
        const executionId = `wfe-${randomUUID()}`;
        executions.set(executionId, {
          accountId,
          reference: account.customerInternalReference,
          status: "INITIATED",
        });
        return reply(200, {
          account: { id: accountId },
          workflowExecution: { id: executionId },
          web: { href: `https://jumio.example/web/${executionId}` },
        });
      }
      const read = /^\/api\/v1\/accounts\/([^/]+)\/workflow-executions\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && read) {
        const execution = executions.get(decodeURIComponent(read[2]!));
        if (!execution || execution.accountId !== decodeURIComponent(read[1]!))
          return reply(404, { message: "not found" });
        return reply(200, {
          workflow: { id: read[2], status: execution.status, customerInternalReference: execution.reference },
          account: { id: execution.accountId },
          ...(execution.decision ? { decision: execution.decision } : {}),
        });
      }
      failures.push(`unexpected ${req.method} ${url.pathname}`);
      return reply(404, { message: "no such route" });
    });
  });
  return {
    requests,
    executions,
    failures,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return base;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let testDb: TestDatabase;
let app: App;
let media: Awaited<ReturnType<typeof mediaDir>>;
const standIn = jumioStandIn();

beforeAll(async () => {
  const url = await standIn.start();
  testDb = await createTestDatabase();
  media = await mediaDir();
  app = await buildApp(
    testConfig({
      MEDIA_DIR: media.dir,
      IDV_PROVIDER: "jumio",
      JUMIO_CLIENT_ID: "client-id",
      JUMIO_CLIENT_SECRET: "client-secret",
      JUMIO_API_URL: url,
      JUMIO_AUTH_URL: url,
      RATE_LIMIT_NAMESPACE: `vn-jumio-${randomUUID()}:`,
    }),
    { database: testDb.database },
  );
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
  await media.remove();
  await standIn.close();
});

async function startedPerson() {
  const id = randomUUID().slice(0, 8);
  const person = await createPerson(testDb.database.db, {
    name: `Jumio ${id}`,
    email: `jumio-${id}@example.com`,
    slug: `jumio.${id}.12`,
  });
  const headers = await bearerFor(testDb.database.db, person.userId);
  const started = await app.inject({
    method: "POST",
    url: "/api/v1/users/me/verification/transactions",
    headers,
    payload: { country: "PL" },
  });
  expect(started.statusCode, started.body).toBe(201);
  const [transaction] = await testDb.database.db
    .select()
    .from(idvTransactions)
    .where(eq(idvTransactions.userId, person.userId));
  const executionId = new URL(started.json().data.captureUrl).pathname.split("/").pop()!;
  return {
    headers,
    transaction: transaction!,
    executionId,
    captureUrl: started.json().data.captureUrl as string,
  };
}

const callback = (accountId: string, executionId: string) =>
  app.inject({
    method: "POST",
    url: "/api/v1/webhooks/identity/jumio",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({
      callbackSentAt: new Date().toISOString(),
      workflowExecution: { id: executionId, status: "PROCESSED" },
      account: { id: accountId },
    }),
  });

describe("Jumio, against a stand-in that checks its requests", () => {
  it("opens an account with our reference and callback, and sends the person to Jumio's page", async () => {
    const { transaction, captureUrl } = await startedPerson();
    expect(captureUrl).toMatch(/^https:\/\/jumio\.example\/web\//);
    expect(transaction).toMatchObject({ provider: "jumio", stage: "capture" });
    const created = standIn.requests.find((r) => r.method === "POST" && r.path === "/api/v1/accounts");
    expect(JSON.parse(created!.body).customerInternalReference).toBe(transaction.id);
    expect(transaction.vendorSessionId).toMatch(/^acc-/);
    expect(standIn.failures).toEqual([]);
  });

  it("reads a callback's result back from Jumio: PASSED verifies", async () => {
    const { headers, transaction, executionId } = await startedPerson();
    standIn.executions.get(executionId)!.status = "PROCESSED";
    standIn.executions.get(executionId)!.decision = { type: "PASSED", details: { label: "OK" } };
    const answered = await callback(transaction.vendorSessionId!, executionId);
    expect(answered.statusCode, answered.body).toBe(200);
    const state = await app.inject({ method: "GET", url: "/api/v1/users/me/verification", headers });
    expect(state.json().data).toMatchObject({ status: "verified", screen: "success" });
    // The same callback again is a replay.
    expect((await callback(transaction.vendorSessionId!, executionId)).json().error.code).toBe(
      "webhook_replayed",
    );
    expect(standIn.failures).toEqual([]);
  });

  it("maps REJECTED labels to our reasons and WARNING to a staff review", async () => {
    const blurred = await startedPerson();
    Object.assign(standIn.executions.get(blurred.executionId)!, {
      status: "PROCESSED",
      decision: { type: "REJECTED", details: { label: "BLURRED" } },
    });
    await callback(blurred.transaction.vendorSessionId!, blurred.executionId);
    const rejected = await app.inject({
      method: "GET",
      url: "/api/v1/users/me/verification",
      headers: blurred.headers,
    });
    expect(rejected.json().data).toMatchObject({ status: "failed", screen: "reject" });
    expect(rejected.json().data.transaction.reason).toMatchObject({
      code: "document_unreadable",
      fixable: true,
    });

    const unsure = await startedPerson();
    Object.assign(standIn.executions.get(unsure.executionId)!, {
      status: "PROCESSED",
      decision: { type: "WARNING" },
    });
    await callback(unsure.transaction.vendorSessionId!, unsure.executionId);
    const review = await app.inject({
      method: "GET",
      url: "/api/v1/users/me/verification",
      headers: unsure.headers,
    });
    expect(review.json().data.transaction.status).toBe("pending_admin_action");
  });

  it("refuses a forged callback (Jumio does not know it) and a malformed one, changing nothing", async () => {
    const { headers, transaction } = await startedPerson();
    const forged = await callback(transaction.vendorSessionId!, `wfe-${randomUUID()}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe("webhook_invalidSignature");
    const malformed = await app.inject({
      method: "POST",
      url: "/api/v1/webhooks/identity/jumio",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(malformed.statusCode).toBe(400);
    // The sandbox's address does not answer for Jumio.
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/v1/webhooks/identity/sandbox",
          headers: { "content-type": "application/json" },
          payload: "{}",
        })
      ).json().error.code,
    ).toBe("verification_notFound");
    const state = await app.inject({ method: "GET", url: "/api/v1/users/me/verification", headers });
    expect(state.json().data.status).toBe("not_verified");
  });

  it("sends requested documents as a document workflow on the account, then finalises it", async () => {
    const calls: Array<{ method: string; url: string; auth: string | null }> = [];
    const fake: typeof fetch = async (input, init) => {
      const url = String(input);
      calls.push({
        method: init?.method ?? "GET",
        url,
        auth: new Headers(init?.headers).get("authorization"),
      });
      if (url.endsWith("/oauth2/token")) return Response.json({ access_token: "t1", expires_in: 3600 });
      if (init?.method === "PUT" && url.endsWith("/api/v1/accounts/acc-1")) {
        expect(JSON.parse(String(init.body))).toEqual({
          workflowDefinition: { key: 10015, credentials: [{ category: "DOCUMENT" }] },
        });
        return Response.json({
          workflowExecution: {
            credentials: [{ api: { parts: { document: "https://jumio.example/parts/doc" } } }],
          },
          api: { workflowExecution: "https://jumio.example/wfe/2" },
        });
      }
      if (url === "https://jumio.example/parts/doc") {
        expect(init?.body).toBeInstanceOf(FormData);
        return Response.json({ ok: true });
      }
      if (url === "https://jumio.example/wfe/2") return Response.json({ ok: true });
      return new Response("no", { status: 404 });
    };
    const vendor = new JumioIdentityVendor(
      {
        clientId: "client-id",
        clientSecret: "client-secret",
        apiUrl: "https://account.jumio.example",
        authUrl: "https://auth.jumio.example",
        workflowKey: "10013",
        documentWorkflowKey: "10015",
      },
      { log: app.log, fetch: fake },
    );
    const image = await png(800, 1000);
    await vendor.sendDocuments("acc-1", [
      { mime: "image/png", bytes: image },
      { mime: "image/png", bytes: image },
    ]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST https://auth.jumio.example/oauth2/token",
      "PUT https://account.jumio.example/api/v1/accounts/acc-1",
      "POST https://jumio.example/parts/doc",
      "POST https://jumio.example/parts/doc",
      "PUT https://jumio.example/wfe/2",
    ]);
    expect(calls.slice(1).every((c) => c.auth === "Bearer t1")).toBe(true);
  });
});
