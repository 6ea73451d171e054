import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { startServerProcess } from "./support/server-process";

let testDb: TestDatabase | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vn-shutdown-"));

beforeAll(async () => {
  // On PostgreSQL the server gets its own fresh database; on PGlite it opens one under dataDir.
  if (process.env.TEST_DATABASE_URL) testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the server process", () => {
  it("finishes an in-flight request on SIGTERM, then stops jobs, closes the database and exits 0", async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      JOBS_ENABLED: "true",
      // The "incoming request" line is a debug one (lib/logger.ts RequestLog).
      LOG_LEVEL: "debug",
      ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
    });
    expect((await fetch(`http://127.0.0.1:${server.port}/api/ready`)).status).toBe(200);

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ slug: "in.flight.42" });
    const socket = net.connect(server.port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    let response = "";
    socket.on("data", (chunk) => {
      response += String(chunk);
    });
    const closed = new Promise<void>((resolve) => socket.once("close", resolve));
    socket.write(
      `POST /api/v1/dashboard/owner/slug/exists HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    // Wait until the server has the request in hand (its body is incomplete, so it cannot answer).
    await server.waitForLog(
      (l) => l.msg === "incoming request" && typeof l.url === "string" && l.url.includes("slug/exists"),
    );

    server.child.kill("SIGTERM");
    await server.waitForLog((l) => l.msg === "shutting down: draining requests");
    socket.write(body.slice(5));
    await closed;

    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain('"slug":"in.flight.42"');
    expect(await server.exited).toBe(0);
    expect(server.lines.some((l) => l.msg === "shutdown complete")).toBe(true);
    await expect(fetch(`http://127.0.0.1:${server.port}/api/health`)).rejects.toThrow();
  }, 60_000);
});
