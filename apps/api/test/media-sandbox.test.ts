import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { SessionActor } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { mediaFiles } from "../src/db/schema/index";
import { probe, transcodeVideo } from "../src/modules/media/av";
import { convertToPdf } from "../src/modules/media/documents";
import { MediaService } from "../src/modules/media/service";
import { sandboxSupport, stopRunningTools } from "../src/modules/media/tools";
import { actorFromToken } from "../src/policy/actor";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { filesUnder, mediaDir } from "./support/media";
import { docx, pdf, video } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Issue 11, item 7: converters read strangers' files, so they run with a minimal environment
 * (none of the API's secrets), without network, in a private temp dir, ffmpeg reading local
 * files only, within a time bound relative to the media's duration and an output limit.
 */
let testDb: TestDatabase;
let app: App;
let media: Awaited<ReturnType<typeof mediaDir>>;
let scratch: string;
let actor: SessionActor;
const SENTINEL = "VN_SANDBOX_TEST_SECRET";

beforeAll(async () => {
  // Stands for DATABASE_URL, AUTH_SECRET, S3 keys: whatever the API's environment holds.
  process.env[SENTINEL] = "do-not-leak";
  testDb = await createTestDatabase();
  media = await mediaDir();
  scratch = await mkdtemp(path.join(os.tmpdir(), "vn-sandbox-test-"));
  app = await buildApp(testConfig({ MEDIA_DIR: media.dir }), { database: testDb.database });
  const owner = await createPerson(testDb.database.db, {
    name: "Sandbox Owner",
    email: "sandbox@example.com",
    slug: "sandbox.owner.11",
    planTier: "premium",
  });
  const headers = await bearerFor(testDb.database.db, owner.userId);
  actor = (await actorFromToken(testDb.database.db, headers.authorization!.slice(7)))!;
});
afterAll(async () => {
  delete process.env[SENTINEL];
  stopRunningTools();
  await app.close();
  await testDb.drop();
  await media.remove();
  await rm(scratch, { recursive: true, force: true });
});

function serviceWith(
  overrides: Record<string, string>,
  limits: ConstructorParameters<typeof MediaService>[0]["limits"] = {},
) {
  return new MediaService({
    db: testDb.database.db,
    config: testConfig({ MEDIA_DIR: media.dir, ...overrides }),
    storage: app.deps.storage,
    log: app.log,
    realtime: () => undefined,
    jobs: () => undefined,
    limits,
  });
}

async function script(name: string, body: string): Promise<string> {
  const file = path.join(scratch, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

/** A local TCP server counting who reaches it. */
async function listener(): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let count = 0;
  const server = net.createServer((socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, connections: () => count, close: () => new Promise((r) => server.close(() => r())) };
}

async function statusOf(id: string) {
  const [row] = await testDb.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
  return row!;
}

describe("converters run sandboxed", () => {
  it("gives LibreOffice none of the API's environment, no network and a private temp dir", async () => {
    const server = await listener();
    const rec = path.join(scratch, "soffice-rec");
    await mkdir(rec, { recursive: true });
    const probeJs = path.join(scratch, "connect.js");
    await writeFile(
      probeJs,
      `const fs = require("node:fs");
const s = require("node:net").connect(${server.port}, "127.0.0.1");
s.on("connect", () => { fs.writeFileSync(${JSON.stringify(`${rec}/connect`)}, "connected"); s.destroy(); });
s.on("error", (e) => fs.writeFileSync(${JSON.stringify(`${rec}/connect`)}, String(e.code)));`,
    );
    const fake = await script(
      "recording-soffice.sh",
      [
        `R="${rec}"`,
        `env > "$R/env"`,
        `cat /proc/net/dev > "$R/net"`,
        `echo "$HOME" > "$R/home"`,
        `echo "$TMPDIR" > "$R/tmpdir"`,
        `"${process.execPath}" "${probeJs}"`,
      ].join("\n"),
    );
    const service = serviceWith({ SOFFICE_PATH: fake });
    const row = await service.uploadSingle(
      actor,
      { uploadType: "document_file", title: "Sandboxed", description: "A letter" },
      { stream: Readable.from([docx("Sandboxed")]), fileName: "letter.docx" },
    );
    await service.process(row.id);
    // The stand-in writes no PDF: the file fails, as a real conversion that made nothing would.
    expect((await statusOf(row.id)).status).toBe("failed");

    const env = readFileSync(path.join(rec, "env"), "utf8");
    expect(env).not.toContain(SENTINEL);
    expect(env).not.toContain("TEST_DATABASE_URL");
    expect(env).not.toContain("REDIS_URL");
    const names = env
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split("=")[0]);
    // What a shell adds itself (PWD, SHLVL, _) beside what the sandbox gives.
    const allowed = ["PATH", "LANG", "HOME", "TMPDIR", "http_proxy", "https_proxy", "all_proxy", "no_proxy"];
    expect(
      names.filter((n) => !allowed.includes(n!) && !["PWD", "SHLVL", "_", "OLDPWD"].includes(n!)),
    ).toEqual([]);

    // HOME and TMPDIR were private to the run, and are gone with it.
    const home = readFileSync(path.join(rec, "home"), "utf8").trim();
    const tmpdir = readFileSync(path.join(rec, "tmpdir"), "utf8").trim();
    expect(tmpdir).not.toBe(os.tmpdir());
    expect(tmpdir.startsWith(os.tmpdir())).toBe(true);
    expect(existsSync(tmpdir)).toBe(false);
    expect(existsSync(home)).toBe(false);

    if ((await sandboxSupport()).network) {
      // Its own network namespace: a loopback only, and nothing of ours reachable.
      const interfaces = readFileSync(path.join(rec, "net"), "utf8")
        .split("\n")
        .slice(2)
        .filter((l) => l.includes(":"))
        .map((l) => l.split(":")[0]!.trim());
      expect(interfaces).toEqual(["lo"]);
      expect(readFileSync(path.join(rec, "connect"), "utf8")).not.toBe("connected");
      expect(server.connections()).toBe(0);
    }
    await server.close();
  });

  it("lets ffprobe and ffmpeg read local files only, never a URL", async () => {
    let requests = 0;
    const clip = video(1);
    const server = http.createServer((_req, res) => {
      requests++;
      res.writeHead(200, { "content-type": "video/mp4", "content-length": clip.length });
      res.end(clip);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/clip.mp4`;
    try {
      await expect(probe("ffprobe", url)).rejects.toMatchObject({ code: "file_damaged" });
      const out = await mkdtemp(path.join(scratch, "out-"));
      await expect(
        transcodeVideo(url, out, {
          ffmpegPath: "ffmpeg",
          timeoutMs: 30_000,
          durationMs: 1000,
          maxOutputBytes: 100 * 1024 * 1024,
          maxDurationMs: 60_000,
        }),
      ).rejects.toMatchObject({ code: "file_damaged" });
      expect(requests).toBe(0);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("bounds a transcode by the file's duration, not by hours", { timeout: 30_000 }, async () => {
    // An ffmpeg that never finishes; the clip lasts two seconds.
    const hanging = await script("hanging-ffmpeg.sh", "sleep 63 &\nsleep 64");
    const service = serviceWith({ FFMPEG_PATH: hanging }, { transcodeBaseMs: 500, transcodePerMediaMs: 1 });
    const row = await service.uploadSingle(
      actor,
      { uploadType: "post_video_file" },
      { stream: Readable.from([video(2)]), fileName: "clip.mp4" },
    );
    const started = Date.now();
    try {
      await service.process(row.id);
    } finally {
      stopRunningTools();
    }
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await statusOf(row.id)).toMatchObject({ status: "failed", errorCode: "file_unableToConvert" });
  });

  it("stops a transcode whose output outgrows its limit, keeping nothing of it", {
    timeout: 60_000,
  }, async () => {
    const service = serviceWith({}, { videoStreamMaxBytes: 20_000 });
    const row = await service.uploadSingle(
      actor,
      { uploadType: "post_video_file" },
      { stream: Readable.from([video(3, { size: "640x360" })]), fileName: "big.mp4" },
    );
    await service.process(row.id);
    expect(await statusOf(row.id)).toMatchObject({ status: "failed", errorCode: "file_unableToConvert" });
    expect((await filesUnder(media.dir)).filter((f) => f.startsWith(`public/${row.id}`))).toEqual([]);
  });

  it("stops LibreOffice writing a PDF beyond its limit", async () => {
    // A valid PDF of about 3 MB; the stand-in soffice copies it where the PDF goes.
    const big = path.join(scratch, "big.pdf");
    await writeFile(big, pdf("x".repeat(3_000_000)));
    const fake = await script("copying-soffice.sh", `cat "${big}" > "$PWD/out/document.pdf"`);
    const workDir = await mkdtemp(path.join(scratch, "doc-"));
    const input = path.join(scratch, "in.docx");
    await writeFile(input, docx("Large"));
    await expect(
      convertToPdf({
        sofficePath: fake,
        input,
        ext: "docx",
        workDir,
        timeoutMs: 30_000,
        maxOutputBytes: 1024 * 1024,
      }),
    ).rejects.toMatchObject({ code: "file_unableToConvert", details: { reason: "output limit exceeded" } });
  });
});
