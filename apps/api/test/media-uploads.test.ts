import http from "node:http";
import { AUDIO_MAX_BYTES, MEDIA_CHUNK_BYTES, messages, type UploadSession } from "@vn/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { mediaFiles, mediaUploads } from "../src/db/schema/index";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { filesUnder, mediaDir } from "./support/media";
import { audio, executable } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * The resumable protocol: create → PUT parts at offsets → complete; resume after a connection
 * that dropped mid-part; cancel deletes everything; progress is readable at any time.
 */
let testDb: TestDatabase;
let app: App;
let media: Awaited<ReturnType<typeof mediaDir>>;
let baseUrl: string;
let as: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  app = await buildApp(testConfig({ MEDIA_DIR: media.dir }), { database: testDb.database });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const db = testDb.database.db;
  const person = await createPerson(db, {
    name: "Pod Caster",
    email: "pod@example.com",
    slug: "pod.caster.11",
  });
  const someone = await createPerson(db, {
    name: "Nosy One",
    email: "nosy@example.com",
    slug: "nosy.one.22",
  });
  as = await bearerFor(db, person.userId);
  other = await bearerFor(db, someone.userId);
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
  await media.remove();
});

const create = (body: object, headers = as) =>
  app.inject({ method: "POST", url: "/api/v1/media/uploads", headers, payload: body });
const put = (id: string, offset: number, data: Buffer, headers = as) =>
  app.inject({
    method: "PUT",
    url: `/api/v1/media/uploads/${id}?offset=${offset}`,
    headers: { ...headers, "content-type": "application/octet-stream" },
    payload: data,
  });
const state = async (id: string, headers = as) =>
  app.inject({ method: "GET", url: `/api/v1/media/uploads/${id}`, headers });

/** Sends `sent` bytes of a part that claims `length`, then drops the connection. */
function abortedPut(id: string, offset: number, length: number, sent: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(`${baseUrl}/api/v1/media/uploads/${id}?offset=${offset}`, {
      method: "PUT",
      headers: { ...as, "content-type": "application/octet-stream", "content-length": String(length) },
    });
    request.on("error", () => resolve());
    request.write(sent, () => setTimeout(() => request.destroy(), 100));
    request.on("close", () => resolve());
  });
}

describe("resumable uploads", () => {
  // About 20 MB of WAV: three parts of 8, 8 and ~4 MB.
  const wav = audio(118, "wav");

  it("uploads in parts, survives a dropped connection, resumes, and completes", async () => {
    expect(wav.length).toBeGreaterThan(2 * MEDIA_CHUNK_BYTES);
    const started = await create({
      uploadType: "recording_audio_file",
      fileName: "interview.wav",
      size: wav.length,
      title: "An interview",
      description: "Two hours of talk, cut short",
    });
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json().data as UploadSession;
    expect(session).toMatchObject({
      offset: 0,
      chunkSize: MEDIA_CHUNK_BYTES,
      progress: 0,
      status: "open",
      media: null,
    });

    const first = await put(session.id, 0, wav.subarray(0, MEDIA_CHUNK_BYTES));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ offset: MEDIA_CHUNK_BYTES });
    expect(first.json().data.progress).toBeCloseTo(MEDIA_CHUNK_BYTES / wav.length, 5);

    // The connection drops 3 MB into the second part: nothing of it is kept.
    await abortedPut(
      session.id,
      MEDIA_CHUNK_BYTES,
      MEDIA_CHUNK_BYTES,
      wav.subarray(MEDIA_CHUNK_BYTES, MEDIA_CHUNK_BYTES + 3 * 1024 * 1024),
    );
    await expect
      .poll(async () => (await filesUnder(media.dir)).filter((f) => f.includes(".partial")), {
        timeout: 10_000,
      })
      .toEqual([]);
    const resumed = (await state(session.id)).json().data as UploadSession;
    expect(resumed.offset).toBe(MEDIA_CHUNK_BYTES);

    // Out of order or the wrong size: the answer says where the upload stands.
    const wrongOffset = await put(session.id, 0, wav.subarray(0, MEDIA_CHUNK_BYTES));
    expect(wrongOffset.statusCode).toBe(409);
    expect(wrongOffset.json().error).toMatchObject({
      code: "upload_offsetMismatch",
      details: { offset: MEDIA_CHUNK_BYTES },
    });
    const wrongSize = await put(
      session.id,
      MEDIA_CHUNK_BYTES,
      wav.subarray(MEDIA_CHUNK_BYTES, MEDIA_CHUNK_BYTES + 1000),
    );
    expect(wrongSize.statusCode).toBe(422);
    expect(wrongSize.json().error.code).toBe("upload_chunkSize");
    const early = await app.inject({
      method: "POST",
      url: `/api/v1/media/uploads/${session.id}/complete`,
      headers: as,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({
      code: "upload_incomplete",
      message: messages.uploadIncomplete,
    });

    // Someone else sees no such upload.
    expect((await state(session.id, other)).json().error.code).toBe("upload_notFound");
    expect(
      (
        await put(
          session.id,
          MEDIA_CHUNK_BYTES,
          wav.subarray(MEDIA_CHUNK_BYTES, 2 * MEDIA_CHUNK_BYTES),
          other,
        )
      ).statusCode,
    ).toBe(404);

    for (let offset = MEDIA_CHUNK_BYTES; offset < wav.length; offset += MEDIA_CHUNK_BYTES) {
      const res = await put(session.id, offset, wav.subarray(offset, offset + MEDIA_CHUNK_BYTES));
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await state(session.id)).json().data).toMatchObject({ offset: wav.length, progress: 1 });

    const done = await app.inject({
      method: "POST",
      url: `/api/v1/media/uploads/${session.id}/complete`,
      headers: as,
    });
    expect(done.statusCode, done.body).toBe(202);
    const file = done.json().data;
    expect(file).toMatchObject({
      kind: "audio",
      status: "media-processing",
      mime: "audio/wav",
      size: wav.length,
      title: "An interview",
    });
    expect(file.durationInMs).toBeGreaterThan(117_000);
    // The original was assembled in order, byte for byte; the parts are gone.
    const stored = await filesUnder(media.dir);
    expect(stored).toContain(`originals/${file.id}/original`);
    expect(stored.filter((f) => f.startsWith(".multipart"))).toEqual([]);
    const { readFile } = await import("node:fs/promises");
    expect((await readFile(`${media.dir}/originals/${file.id}/original`)).equals(wav)).toBe(true);

    // Completing twice answers the same file; the session shows it.
    const again = await app.inject({
      method: "POST",
      url: `/api/v1/media/uploads/${session.id}/complete`,
      headers: as,
    });
    expect(again.json().data.id).toBe(file.id);
    expect((await state(session.id)).json().data).toMatchObject({
      status: "completed",
      media: { id: file.id },
    });
  });

  it("cancels: every stored part is deleted", async () => {
    const before = await filesUnder(media.dir);
    const session = (
      await create({
        uploadType: "recording_audio_file",
        fileName: "b.wav",
        size: wav.length,
        title: "B",
        description: "C",
      })
    ).json().data as UploadSession;
    expect((await put(session.id, 0, wav.subarray(0, MEDIA_CHUNK_BYTES))).statusCode).toBe(200);
    expect((await filesUnder(media.dir)).length).toBeGreaterThan(before.length);
    const cancelled = await app.inject({
      method: "DELETE",
      url: `/api/v1/media/uploads/${session.id}`,
      headers: as,
    });
    expect(cancelled.statusCode).toBe(204);
    expect(await filesUnder(media.dir)).toEqual(before);
    expect((await state(session.id)).statusCode).toBe(404);
    const rows = await testDb.database.db.select().from(mediaUploads).where(eq(mediaUploads.id, session.id));
    expect(rows).toEqual([]);
  });

  it("refuses what the type does not take before a byte travels", async () => {
    const tooBig = await create({
      uploadType: "recording_audio_file",
      fileName: "long.mp3",
      size: AUDIO_MAX_BYTES + 1,
      title: "T",
      description: "D",
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatchObject({ code: "file_tooLarge", message: messages.fileTooLarge });
    const wrongName = await create({
      uploadType: "recording_audio_file",
      fileName: "song.exe",
      size: 10,
      title: "T",
      description: "D",
    });
    expect(wrongName.json().error).toMatchObject({
      code: "file_invalidType",
      message: messages.fileInvalidType,
    });
    const noTitle = await create({
      uploadType: "document_file",
      fileName: "a.pdf",
      size: 10,
      description: "D",
    });
    expect(noTitle.statusCode).toBe(422);
    expect(noTitle.json().error).toMatchObject({
      code: "file_titleRequired",
      message: messages.fileTitleRequired,
    });
    const noDescription = await create({
      uploadType: "recording_video_file",
      fileName: "a.mp4",
      size: 10,
      title: "T",
    });
    expect(noDescription.json().error).toMatchObject({
      code: "file_descriptionRequired",
      message: messages.fileDescriptionRequired,
    });
    const neither = await create({ uploadType: "document_file", fileName: "a.pdf", size: 10 });
    expect(neither.json().error.details).toEqual([
      { path: "title", message: messages.fileTitleRequired },
      { path: "description", message: messages.fileDescriptionRequired },
    ]);
  });

  it("limits how many unfinished uploads one profile holds", async () => {
    const ids: string[] = [];
    let refused: Awaited<ReturnType<typeof create>> | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await create({ uploadType: "post_video_file", fileName: `v${i}.mp4`, size: 1000 }, other);
      if (res.statusCode === 201) ids.push(res.json().data.id);
      else refused = res;
    }
    expect(ids).toHaveLength(10);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().error.code).toBe("request_tooMany");
    for (const id of ids)
      await app.inject({ method: "DELETE", url: `/api/v1/media/uploads/${id}`, headers: other });
    expect(
      (await create({ uploadType: "post_video_file", fileName: "v.mp4", size: 1000 }, other)).statusCode,
    ).toBe(201);
  });

  it("refuses a renamed executable at completion and keeps nothing", async () => {
    const before = await filesUnder(media.dir);
    const exe = executable();
    const session = (
      await create({ uploadType: "post_video_file", fileName: "clip.mp4", size: exe.length })
    ).json().data as UploadSession;
    expect((await put(session.id, 0, exe)).statusCode).toBe(200);
    const done = await app.inject({
      method: "POST",
      url: `/api/v1/media/uploads/${session.id}/complete`,
      headers: as,
    });
    expect(done.statusCode).toBe(422);
    expect(done.json().error).toMatchObject({ code: "file_invalidType", message: messages.fileInvalidType });
    expect(await filesUnder(media.dir)).toEqual(before);
    expect((await state(session.id)).statusCode).toBe(404);
    const rows = await testDb.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.fileName, "clip.mp4"));
    expect(rows).toEqual([]);
  });

  it("keeps nothing of a single-request upload aborted half-way", async () => {
    const before = await filesUnder(media.dir);
    const boundary = "----vnabort";
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="uploadType"\r\n\r\npost_image\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    );
    await new Promise<void>((resolve) => {
      const request = http.request(`${baseUrl}/api/v1/media`, {
        method: "POST",
        headers: {
          ...as,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(10 * 1024 * 1024),
        },
      });
      request.on("error", () => resolve());
      request.on("close", () => resolve());
      request.write(Buffer.concat([head, Buffer.alloc(2 * 1024 * 1024, 0xff)]), () =>
        setTimeout(() => request.destroy(), 100),
      );
    });
    // The request's temporary copy is removed and no row or object appears.
    await new Promise((r) => setTimeout(r, 300));
    expect(await filesUnder(media.dir)).toEqual(before);
    const rows = await testDb.database.db.select().from(mediaFiles).where(eq(mediaFiles.fileName, "big.jpg"));
    expect(rows).toEqual([]);
    // The server still answers.
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});
