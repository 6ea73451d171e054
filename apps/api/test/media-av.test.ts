import { Readable } from "node:stream";
import {
  audioTrackOf,
  type ContentFile,
  type ContentItem,
  type ContentItemStatusEvent,
  type FileConversionFinishedEvent,
  type Media,
  messages,
} from "@vn/contract";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { mediaFiles } from "../src/db/schema/index";
import { type Jobs, startJobs } from "../src/jobs/index";
import { MediaService } from "../src/modules/media/service";
import { stopRunningTools } from "../src/modules/media/tools";
import { actorFromToken } from "../src/policy/actor";
import type { Realtime } from "../src/realtime/index";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { filesUnder, mediaDir, pathOf, uploadFile } from "./support/media";
import { audio, png, video } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Video and audio (§4 playback, §7 contentItem.status, §9 durations): probed on arrival, then a
 * job makes a streamable MP4 (or M4A), a poster and the duration; the owner hears about it.
 * Truncated files fail clearly; a missing ffmpeg keeps the upload unprocessed.
 */
let testDb: TestDatabase;
let app: App;
let jobs: Jobs;
let media: Awaited<ReturnType<typeof mediaDir>>;
let as: Record<string, string>;
const finished: FileConversionFinishedEvent[] = [];
const statuses: ContentItemStatusEvent[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  const config = testConfig({ MEDIA_DIR: media.dir });
  app = await buildApp(config, { database: testDb.database });
  // The owner's socket, as the hub sees it: every emit to a profile is recorded.
  const realtime = {
    emitToProfile: (_profileId: string, event: string, payload: unknown) => {
      if (event === "file.conversion.finished") finished.push(payload as FileConversionFinishedEvent);
      if (event === "contentItem.status") statuses.push(payload as ContentItemStatusEvent);
    },
  } as unknown as Realtime;
  app.deps.realtime = realtime;
  jobs = await startJobs({
    database: testDb.database,
    log: pino({ level: "silent" }),
    realtime,
    config,
    storage: app.deps.storage,
  });
  app.deps.jobs = jobs;
  const person = await createPerson(testDb.database.db, {
    name: "Video Maker",
    email: "video@example.com",
    slug: "video.maker.11",
    planTier: "standard",
    // Public (decision 0014), so visitors see the public list below.
    verificationStatus: "verified",
  });
  as = await bearerFor(testDb.database.db, person.userId);
});
afterAll(async () => {
  await jobs?.stop();
  await app.close();
  await testDb.drop();
  await media.remove();
});

async function processed(id: string): Promise<FileConversionFinishedEvent> {
  await expect
    .poll(() => finished.find((e) => e.fileId === id), { timeout: 120_000, interval: 200 })
    .toBeTruthy();
  return finished.find((e) => e.fileId === id)!;
}
const mediaOf = async (id: string) =>
  (await app.inject({ method: "GET", url: `/api/v1/media/${id}`, headers: as })).json().data as Media;

describe("video and audio", () => {
  it("transcodes a video to a streamable MP4 with a poster; the item plays it", async () => {
    const clip = video(2, { faststart: false, size: "640x360" });
    const { res, media: upload } = await uploadFile(
      app,
      as,
      { uploadType: "recording_video_file", title: "Launch", description: "Two seconds of launch" },
      { name: "launch.mp4", data: clip },
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(upload).toMatchObject({ kind: "video", status: "media-processing", width: 640, height: 360 });
    expect(upload!.durationInMs).toBeGreaterThanOrEqual(1900);

    const created = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: { kind: "video", title: "Launch", description: "Two seconds of launch" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const itemId = (created.json().data as ContentItem).id;
    await app.inject({
      method: "PUT",
      url: `/api/v1/content/${itemId}/media`,
      headers: as,
      payload: { fileId: upload!.id },
    });

    expect(await processed(upload!.id)).toMatchObject({ status: "ready", kind: "video" });
    await expect
      .poll(() => statuses.find((s) => s.mediaId === upload!.id))
      .toMatchObject({ contentId: itemId, status: "ready" });
    const ready = await mediaOf(upload!.id);
    expect(ready).toMatchObject({ status: "ready", progress: null, error: null });
    expect(ready.durationInMs).toBeGreaterThanOrEqual(1900);
    expect(ready.durationInMs).toBeLessThan(2200);

    // The stream: MP4 with its moov atom first (plays while it loads), seekable by range.
    const stream = await app.inject({ method: "GET", url: pathOf(ready.urls.stream) });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers["content-type"]).toBe("video/mp4");
    const head = stream.rawPayload;
    const moov = head.indexOf("moov");
    const mdat = head.indexOf("mdat");
    expect(moov).toBeGreaterThan(0);
    expect(moov).toBeLessThan(mdat);
    const seek = await app.inject({
      method: "GET",
      url: pathOf(ready.urls.stream),
      headers: { range: "bytes=1000-" },
    });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers["content-range"]).toBe(`bytes 1000-${head.length - 1}/${head.length}`);
    const poster = await app.inject({ method: "GET", url: pathOf(ready.urls.poster) });
    expect(poster.headers["content-type"]).toBe("image/webp");

    const item = (await app.inject({ method: "GET", url: `/api/v1/content/${itemId}`, headers: as })).json()
      .data as ContentItem;
    const file = item.file as ContentFile;
    expect(file).toMatchObject({
      kind: "video",
      isStream: true,
      urls: { stream: ready.urls.stream, poster: ready.urls.poster },
      customProperties: {
        mediaProcessing: "ready",
        durationInMs: ready.durationInMs,
        streamMime: "video/mp4",
      },
    });
  });

  it("makes an audio track the player can use, with galleries of images and videos", async () => {
    const { media: upload } = await uploadFile(
      app,
      as,
      { uploadType: "recording_audio_file", title: "Episode 1", description: "Pilot" },
      { name: "episode.mp3", data: audio(3) },
    );
    expect(upload).toMatchObject({ kind: "audio", status: "media-processing" });
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: { kind: "podcast", title: "Episode 1", description: "Pilot" },
    });
    const itemId = (created.json().data as ContentItem).id;
    const cover = (
      await uploadFile(
        app,
        as,
        { uploadType: "recording_image" },
        { name: "cover.png", data: await png(600, 600) },
      )
    ).media!;
    const attached = await app.inject({
      method: "PUT",
      url: `/api/v1/content/${itemId}/media`,
      headers: as,
      payload: { fileId: upload!.id, mainImageId: cover.id },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(await processed(upload!.id)).toMatchObject({ status: "ready" });
    const item = (await app.inject({ method: "GET", url: `/api/v1/content/${itemId}`, headers: as })).json()
      .data as ContentItem;
    // Uploaded, the cover was not public yet: its answer carried a short-lived signed URL. On the
    // published item it is the same variant by its plain, public URL (issue 11).
    const published = new URL(cover.urls.preview!);
    expect(published.searchParams.get("sig")).toBeTruthy();
    published.search = "";
    expect(item.mainImage?.urls.preview).toBe(published.toString());
    const track = audioTrackOf(item);
    expect(track).toMatchObject({
      id: itemId,
      trackName: "Episode 1",
      artistName: "Video Maker",
      poster: published.toString(),
    });
    expect(track!.durationInMs).toBeGreaterThanOrEqual(2900);
    const stream = await app.inject({ method: "GET", url: pathOf(track!.streamUrl) });
    expect(stream.headers["content-type"]).toBe("audio/mp4");

    // A wrong kind of file for the item, and too many gallery images.
    const wrong = await app.inject({
      method: "PUT",
      url: `/api/v1/content/${itemId}/media`,
      headers: as,
      payload: { fileId: cover.id },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe("file_wrongKind");
    const images: string[] = [];
    for (let i = 0; i < 11; i++) {
      images.push(
        (
          await uploadFile(
            app,
            as,
            { uploadType: "user_gallery_image" },
            { name: `g${i}.png`, data: await png(400, 400) },
          )
        ).media!.id,
      );
    }
    const post = await app.inject({
      method: "POST",
      url: "/api/v1/content",
      headers: as,
      payload: { kind: "post", content: "Pictures" },
    });
    const postId = (post.json().data as ContentItem).id;
    const tooMany = await app.inject({
      method: "PUT",
      url: `/api/v1/content/${postId}/media`,
      headers: as,
      payload: { galleryIds: images },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error).toMatchObject({
      code: "file_maxEmbeddedImages",
      message: messages.fileMaxEmbeddedImages,
    });
    const gallery = await app.inject({
      method: "PUT",
      url: `/api/v1/content/${postId}/media`,
      headers: as,
      payload: { galleryIds: [...images.slice(0, 3)] },
    });
    const withGallery = gallery.json().data as ContentItem;
    expect(withGallery.gallery.images.map((g) => (g as { id: string }).id)).toEqual(images.slice(0, 3));
    expect(withGallery.image?.urls.small).toBeTruthy();
    // The gallery shows on the public list as well.
    const list = await app.inject({ method: "GET", url: "/api/v2/profiles/video.maker.11/content" });
    const listed = (list.json().data as ContentItem[]).find((i) => i.id === postId);
    expect(listed?.gallery.images).toHaveLength(3);
  });

  it("refuses a truncated video at once when its index is missing, keeping nothing", async () => {
    const whole = video(2, { faststart: false });
    const before = await filesUnder(media.dir);
    const { res } = await uploadFile(
      app,
      as,
      { uploadType: "post_video_file" },
      { name: "camera.mp4", data: whole.subarray(0, Math.floor(whole.length * 0.6)) },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: "file_damaged", message: messages.damagedDocument });
    expect(await filesUnder(media.dir)).toEqual(before);
  });

  it("fails a video cut short mid-stream in the job, removes what it made, and keeps working", async () => {
    const clip = video(4);
    const cut = clip.subarray(0, Math.floor(clip.length * 0.5));
    const { res, media: upload } = await uploadFile(
      app,
      as,
      { uploadType: "post_video_file" },
      { name: "cut.mp4", data: cut },
    );
    expect(res.statusCode, res.body).toBe(202);
    const event = await processed(upload!.id);
    expect(event).toMatchObject({
      status: "failed",
      error: { code: "file_damaged", message: messages.damagedDocument },
    });
    expect(await mediaOf(upload!.id)).toMatchObject({
      status: "failed",
      urls: { stream: null, poster: null },
    });
    expect((await filesUnder(media.dir)).filter((f) => f.startsWith(`public/${upload!.id}`))).toEqual([]);

    const next = await uploadFile(
      app,
      as,
      { uploadType: "post_video_file" },
      { name: "next.mp4", data: video(1) },
    );
    expect((await processed(next.media!.id)).status).toBe("ready");
    expect((await mediaOf(next.media!.id)).durationInMs).toBeGreaterThan(900);
  });

  it("gives a transcode stopped by shutdown back to the queue, without counting it as a try", async () => {
    const quiet = new MediaService({
      db: testDb.database.db,
      config: testConfig({ MEDIA_DIR: media.dir }),
      storage: app.deps.storage,
      log: app.log,
      realtime: () => undefined,
      jobs: () => undefined,
    });
    const actor = (await actorFromToken(testDb.database.db, as.authorization!.slice(7)))!;
    const row = await quiet.uploadSingle(
      actor,
      { uploadType: "post_video_file" },
      {
        stream: Readable.from([video(8, { size: "640x360" })]),
        fileName: "long.mp4",
      },
    );
    const working = quiet.process(row.id);
    await expect.poll(() => stopRunningTools(), { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
    await working;
    const [after] = await testDb.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, row.id));
    expect(after).toMatchObject({ status: "media-processing", attempts: 0 });
    expect((await filesUnder(media.dir)).filter((f) => f.startsWith(`public/${row.id}`))).toEqual([]);
    // Left for the sweep, which sends it again (here: processed directly).
    expect(after!.updatedAt.getTime()).toBe(0);
    await quiet.process(row.id);
    expect((await mediaOf(row.id)).status).toBe("ready");
  });

  it("refuses an audio file uploaded as a video", async () => {
    const { res } = await uploadFile(
      app,
      as,
      { uploadType: "post_video_file" },
      { name: "song.mp4", data: audio(1, "mp3") },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("file_invalidType");
  });

  it("keeps video unprocessed where ffmpeg is missing, and never fails the upload", async () => {
    const noFfmpeg = new MediaService({
      db: testDb.database.db,
      config: testConfig({
        MEDIA_DIR: media.dir,
        FFMPEG_PATH: "/nonexistent/ffmpeg",
        FFPROBE_PATH: "/nonexistent/ffprobe",
      }),
      storage: app.deps.storage,
      log: app.log,
      realtime: () => undefined,
      jobs: () => undefined,
    });
    const actor = (await actorFromToken(testDb.database.db, as.authorization!.slice(7)))!;
    const row = await noFfmpeg.uploadSingle(
      actor,
      { uploadType: "post_video_file" },
      {
        stream: Readable.from([video(1)]),
        fileName: "kept.mp4",
      },
    );
    expect(row.status).toBe("unprocessed");
    const shown = await mediaOf(row.id);
    expect(shown).toMatchObject({
      status: "unprocessed",
      error: { code: "request_unavailable", message: messages.mediaUnprocessed },
      urls: { stream: null },
    });
    expect(await filesUnder(media.dir)).toContain(`originals/${row.id}/original`);
    // With ffmpeg back, the sweep processes it.
    await app.media.sweep();
    expect((await processed(row.id)).status).toBe("ready");
  });
});
