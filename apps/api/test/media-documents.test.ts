import { execFileSync } from "node:child_process";
import { chmod, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  type ClientToServerEvents,
  type ContentItem,
  type ContentItemStatusEvent,
  type FileConversionFinishedEvent,
  type Media,
  messages,
  type ServerToClientEvents,
} from "@vn/contract";
import pino from "pino";
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { type Jobs, startJobs } from "../src/jobs/index";
import { MEDIA_PROCESS_QUEUE } from "../src/modules/media/queue";
import { MediaService } from "../src/modules/media/service";
import { attachRealtime } from "../src/realtime/index";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { filesUnder, mediaDir, pathOf, uploadFile } from "./support/media";
import { deflatedZeros, docx, executable, pdf, zip } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Documents (§5 file rules, §7 file.conversion.finished, §8 file errors): PDFs are checked and
 * ready at once; office files are checked for zip bombs and converted by LibreOffice in a job;
 * each §8 error answers where it belongs.
 */
let testDb: TestDatabase;
let app: App;
let jobs: Jobs;
let media: Awaited<ReturnType<typeof mediaDir>>;
let baseUrl: string;
let as: Record<string, string>;
let other: Record<string, string>;
let ownerProfileId: string;
let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
const finished: FileConversionFinishedEvent[] = [];
const statuses: ContentItemStatusEvent[] = [];

const details = { title: "Annual report", description: "Our year in numbers" };

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  const config = testConfig({ MEDIA_DIR: media.dir });
  app = await buildApp(config, { database: testDb.database });
  app.deps.realtime = await attachRealtime(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  jobs = await startJobs({
    database: testDb.database,
    log: pino({ level: "silent" }),
    realtime: app.deps.realtime,
    config,
    storage: app.deps.storage,
  });
  app.deps.jobs = jobs;
  const db = testDb.database.db;
  const person = await createPerson(db, {
    name: "Doc Writer",
    email: "docs@example.com",
    slug: "doc.writer.11",
    planTier: "standard",
    verificationStatus: "verified",
  });
  ownerProfileId = person.profileId;
  const someone = await createPerson(db, { name: "Reader", email: "reader@example.com", slug: "reader.22" });
  as = await bearerFor(db, person.userId);
  other = await bearerFor(db, someone.userId);
  socket = ioClient(baseUrl, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    auth: { token: as.authorization!.slice("Bearer ".length) },
  });
  socket.on("file.conversion.finished", (event) => finished.push(event as FileConversionFinishedEvent));
  socket.on("contentItem.status", (event) => statuses.push(event as ContentItemStatusEvent));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
});
afterAll(async () => {
  socket?.close();
  await jobs?.stop();
  await app.close();
  await testDb.drop();
  await media.remove();
});

const get = (url: string | null, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: pathOf(url), headers });

async function waitForConversion(id: string) {
  await expect
    .poll(() => finished.find((e) => e.fileId === id), { timeout: 90_000, interval: 200 })
    .toBeTruthy();
  return finished.find((e) => e.fileId === id)!;
}

describe("documents", () => {
  it("takes a PDF as it is: ready at once, shown inline, downloadable", async () => {
    const file = pdf("Quarterly");
    const { res, media: doc } = await uploadFile(
      app,
      as,
      { uploadType: "document_file", ...details },
      { name: "Report Q1 — final.pdf", data: file },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(doc).toMatchObject({
      kind: "document",
      status: "ready",
      mime: "application/pdf",
      title: details.title,
    });

    const shown = await get(doc!.urls.document, as);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("application/pdf");
    expect(shown.headers["content-disposition"]).toMatch(/^inline; filename="Report Q1 _ final.pdf"/);
    // The web app may frame it (the file viewer); DENY would forbid that.
    expect(shown.headers["content-security-policy"]).toContain(
      "frame-ancestors 'self' http://localhost:3000",
    );
    expect(shown.headers["x-frame-options"]).toBeUndefined();
    expect(shown.rawPayload.equals(file)).toBe(true);

    const download = await get(doc!.urls.download, as);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="Report Q1 _ final.pdf"; filename*=UTF-8''${encodeURIComponent("Report Q1 — final.pdf")}`,
    );
    expect(download.headers["cache-control"]).toBe("private, no-cache");
    const range = await get(doc!.urls.download, { ...as, range: "bytes=0-4" });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe("%PDF-");
  });

  it("answers 'already exists' for the same document twice", async () => {
    const file = pdf("Twice");
    expect(
      (await uploadFile(app, as, { uploadType: "document_file", ...details }, { name: "a.pdf", data: file }))
        .res.statusCode,
    ).toBe(201);
    const again = await uploadFile(
      app,
      as,
      { uploadType: "document_file", ...details },
      { name: "copy.pdf", data: file },
    );
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json().error).toMatchObject({
      code: "file_alreadyExists",
      message: messages.documentAlreadyExists,
    });
    // Another profile may upload the same file.
    const theirs = await uploadFile(
      app,
      other,
      { uploadType: "document_file", ...details },
      { name: "a.pdf", data: file },
    );
    expect(theirs.res.statusCode).toBe(201);
  });

  it("refuses a corrupt PDF and a renamed executable, keeping nothing", async () => {
    const before = await filesUnder(media.dir);
    const whole = pdf("Cut short");
    const cut = await uploadFile(
      app,
      as,
      { uploadType: "document_file", ...details },
      { name: "cut.pdf", data: whole.subarray(0, whole.length - 60) },
    );
    expect(cut.res.statusCode).toBe(422);
    expect(cut.res.json().error).toMatchObject({ code: "file_damaged", message: messages.damagedDocument });
    const garbage = Buffer.concat([
      Buffer.from("%PDF-1.7\n"),
      Buffer.alloc(4000, 0x41),
      Buffer.from("\nstartxref\n99999\n%%EOF\n"),
    ]);
    const broken = await uploadFile(
      app,
      as,
      { uploadType: "document_file", ...details },
      { name: "broken.pdf", data: garbage },
    );
    expect(broken.res.json().error.code).toBe("file_damaged");
    const exe = await uploadFile(
      app,
      as,
      { uploadType: "document_file", ...details },
      { name: "invoice.pdf", data: executable() },
    );
    expect(exe.res.statusCode).toBe(422);
    expect(exe.res.json().error.code).toBe("file_invalidType");
    expect(await filesUnder(media.dir)).toEqual(before);
  });

  it("needs a title and a description for a document", async () => {
    const res = (
      await uploadFile(
        app,
        as,
        { uploadType: "document_file", title: "Only a title" },
        { name: "x.pdf", data: pdf() },
      )
    ).res;
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: "file_descriptionRequired",
      message: messages.fileDescriptionRequired,
    });
  });

  it("converts a .docx with LibreOffice in a job: converting, then the PDF and the socket event", async () => {
    // Uploaded through a node that runs no worker: it waits, converting, until a job takes it.
    const row = await serviceWith({}).uploadSingle(
      await principalOf(as),
      { uploadType: "document_file", ...details },
      {
        stream: Readable.from([docx("Dear reader")]),
        fileName: "letter.docx",
      },
    );
    expect(row).toMatchObject({
      status: "media-processing",
      mime: expect.stringContaining("wordprocessingml"),
    });
    const doc = (await app.inject({ method: "GET", url: `/api/v1/media/${row.id}`, headers: as })).json()
      .data as Media;
    expect(doc).toMatchObject({ status: "media-processing", progress: 0 });
    // Attached to a publication, the owner also hears contentItem.status.
    const item = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: { kind: "document", ...details },
    });
    const itemId = (item.json().data as ContentItem).id;
    const attached = await app.inject({
      method: "PUT",
      url: `/api/v1/content/${itemId}/media`,
      headers: as,
      payload: { fileId: doc.id },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const file = (attached.json().data as ContentItem).file as {
      customProperties: { mediaProcessing: string };
    };
    expect(file.customProperties.mediaProcessing).toBe("media-processing");

    const early = await get(doc.urls.document, as);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: "file_converting", message: messages.fileConverting });

    await jobs.send(MEDIA_PROCESS_QUEUE, { mediaId: doc.id });
    const event = await waitForConversion(doc.id);
    expect(event).toMatchObject({ fileId: doc.id, status: "ready", kind: "document" });
    await expect
      .poll(() => statuses.find((s) => s.mediaId === doc.id))
      .toMatchObject({ contentId: itemId, status: "ready" });

    const shown = await get(doc.urls.document, as);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(shown.headers["content-disposition"]).toMatch(/^inline; filename="letter.pdf"/);
    // The original .docx is what downloads.
    const download = await get(doc.urls.download, as);
    expect(download.headers["content-type"]).toContain("wordprocessingml");
    // Published, anyone may read it.
    expect((await get(doc.urls.download, other)).statusCode).toBe(200);
    expect((await get(doc.urls.document)).statusCode).toBe(200);
  });

  it("refuses zip bombs before LibreOffice sees them", async () => {
    const before = await filesUnder(media.dir);
    // 320 MB of zeros inside a few hundred KB of .docx (the budget is 300 MB unpacked).
    const zeros = await deflatedZeros(320 * 1024 * 1024);
    const bomb = docx("boom", [{ name: "word/media/zeros.bin", data: Buffer.alloc(0), deflated: zeros }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const big = await uploadFile(
      app,
      as,
      { uploadType: "document_file", ...details },
      { name: "bomb.docx", data: bomb },
    );
    expect(big.res.statusCode).toBe(422);
    expect(big.res.json().error).toMatchObject({
      code: "file_unsafeArchive",
      message: messages.unsafeArchive,
    });

    // The same bomb whose headers claim 1 KB: the real size is counted while inflating.
    const liar = docx("boom", [
      { name: "word/media/zeros.bin", data: Buffer.alloc(0), deflated: { ...zeros, size: 1024 } },
    ]);
    const lied = await uploadFile(
      app,
      as,
      { uploadType: "document_file", ...details },
      { name: "liar.docx", data: liar },
    );
    expect(lied.res.statusCode).toBe(422);
    expect(lied.res.json().error.code).toBe("file_unsafeArchive");

    // 20,000 entries.
    const many = docx(
      "many",
      Array.from({ length: 20_000 }, (_, i) => ({ name: `word/x/${i}.xml`, data: Buffer.from("<a/>") })),
    );
    const crowded = await uploadFile(
      app,
      as,
      { uploadType: "document_file", ...details },
      { name: "many.docx", data: many },
    );
    expect(crowded.res.json().error.code).toBe("file_unsafeArchive");

    // A .docx whose archive is cut off is damaged.
    const cut = docx("cut");
    const damaged = await uploadFile(
      app,
      as,
      { uploadType: "document_file", ...details },
      { name: "cut.docx", data: cut.subarray(0, cut.length - 30) },
    );
    expect(damaged.res.statusCode).toBe(422);
    expect(damaged.res.json().error.code).toMatch(/file_damaged|file_invalidType/);
    expect(await filesUnder(media.dir)).toEqual(before);
  });

  it("a conversion that hangs is killed: unable to convert, and the worker carries on", async () => {
    // A stand-in soffice that never finishes (and starts a child of its own, as soffice does).
    const fake = path.join(media.dir, "..", `hanging-soffice-${process.pid}.sh`);
    await writeFile(fake, "#!/bin/sh\nsleep 61 &\nsleep 62\n");
    await chmod(fake, 0o755);
    const hanging = serviceWith({ SOFFICE_PATH: fake, DOCUMENT_CONVERT_TIMEOUT_MS: "1500" });
    const row = await hanging.uploadSingle(
      await principalOf(as),
      { uploadType: "document_file", ...details },
      {
        stream: Readable.from([docx("Hang on")]),
        fileName: "hang.docx",
      },
    );
    const started = Date.now();
    await hanging.process(row.id);
    expect(Date.now() - started).toBeLessThan(15_000);
    const event = await waitForConversion(row.id);
    expect(event).toMatchObject({
      status: "failed",
      error: { code: "file_unableToConvert", message: messages.unableToConvert },
    });
    const final = (await app.inject({ method: "GET", url: `/api/v1/media/${row.id}`, headers: as })).json()
      .data as Media;
    expect(final).toMatchObject({ status: "failed", error: { code: "file_unableToConvert" } });
    const shown = await get(final.urls.document, as);
    expect(shown.statusCode).toBe(422);
    expect(shown.json().error).toMatchObject({
      code: "file_unableToConvert",
      message: messages.unableToConvert,
    });
    // Nothing half-written: no PDF was stored for it; and its whole process group is gone.
    expect((await filesUnder(media.dir)).filter((f) => f.startsWith(`private/${row.id}`))).toEqual([]);
    const leftovers = execFileSync("ps", ["-eo", "args"])
      .toString()
      .split("\n")
      .filter((l) => /sleep 6[12]/.test(l));
    expect(leftovers).toEqual([]);
    // The worker still converts the next one.
    const next = await uploadFile(
      app,
      as,
      { uploadType: "document_file", ...details },
      { name: "next.docx", data: docx("Next") },
    );
    expect((await waitForConversion(next.media!.id)).status).toBe("ready");
  });

  it("answers 'not found' for someone else's unpublished file, and for a missing one", async () => {
    const { media: doc } = await uploadFile(
      app,
      as,
      { uploadType: "document_file", ...details },
      { name: "private.pdf", data: pdf("Private") },
    );
    for (const url of [doc!.urls.download, doc!.urls.document]) {
      const res = await get(url, other);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: "file_notFound", message: messages.documentNotFound });
      expect((await get(url)).statusCode).toBe(404);
    }
    const missing = await app.inject({
      method: "GET",
      url: "/api/v1/media/00000000-0000-0000-0000-000000000000/download",
    });
    expect(missing.json().error.code).toBe("file_notFound");
    // Deleted: gone for its owner too, files and all.
    expect(
      (await app.inject({ method: "DELETE", url: `/api/v1/media/${doc!.id}`, headers: as })).statusCode,
    ).toBe(204);
    expect((await get(doc!.urls.download, as)).statusCode).toBe(404);
    expect((await filesUnder(media.dir)).filter((f) => f.includes(doc!.id))).toEqual([]);
  });

  it("keeps a document unprocessed (and downloadable) where LibreOffice is missing", async () => {
    const noOffice = serviceWith({ SOFFICE_PATH: "/nonexistent/soffice" });
    const actor = await principalOf(as);
    const file = Readable.from([docx("No office here")]);
    const row = await noOffice.uploadSingle(
      actor,
      { uploadType: "document_file", ...details },
      { stream: file, fileName: "plain.docx" },
    );
    expect(row.status).toBe("unprocessed");
    const shown = (await app.inject({ method: "GET", url: `/api/v1/media/${row.id}`, headers: as })).json()
      .data as Media;
    expect(shown.error).toMatchObject({ code: "request_unavailable", message: messages.documentUnprocessed });
    const viewer = await app.inject({ method: "GET", url: `/api/v1/media/${row.id}/document`, headers: as });
    expect(viewer.statusCode).toBe(422);
    expect(viewer.json().error).toMatchObject({
      code: "file_unableToConvert",
      message: messages.documentUnprocessed,
    });
    expect(
      (await app.inject({ method: "GET", url: `/api/v1/media/${row.id}/download`, headers: as })).statusCode,
    ).toBe(200);
    // Once LibreOffice is there, the sweep takes it up again.
    await app.media.sweep();
    expect((await waitForConversion(row.id)).status).toBe("ready");
  });

  it("refuses an archive that is not an office file", async () => {
    const plain = zip([{ name: "notes.txt", data: Buffer.from("hello") }]);
    const res = (
      await uploadFile(
        app,
        as,
        { uploadType: "document_file", ...details },
        { name: "notes.docx", data: plain },
      )
    ).res;
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("file_invalidType");
  });

  /** The media service of a node configured otherwise (no worker of its own). */
  function serviceWith(overrides: Record<string, string>) {
    return new MediaService({
      db: testDb.database.db,
      config: testConfig({ MEDIA_DIR: media.dir, ...overrides }),
      storage: app.deps.storage,
      log: app.log,
      realtime: () => app.deps.realtime,
      jobs: () => undefined,
    });
  }

  async function principalOf(headers: Record<string, string>) {
    const { actorFromToken } = await import("../src/policy/actor");
    const actor = await actorFromToken(testDb.database.db, headers.authorization!.slice(7));
    expect(actor?.profileId).toBe(ownerProfileId);
    return actor!;
  }
});
