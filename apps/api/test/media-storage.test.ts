import { Readable } from "node:stream";
import { MEDIA_CHUNK_BYTES, type Media, type UploadSession } from "@vn/contract";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { type Jobs, startJobs } from "../src/jobs/index";
import { parseRange } from "../src/modules/media/serve";
import { DiskStorage } from "../src/providers/storage/disk";
import { IncompleteBodyError, StorageNotFoundError } from "../src/providers/storage/index";
import { S3Storage } from "../src/providers/storage/s3";
import { presignUrl, signHeaders } from "../src/providers/storage/sigv4";
import type { Realtime } from "../src/realtime/index";
import { createPerson } from "../src/seed/library";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { type FakeS3, startFakeS3 } from "./support/fake-s3";
import { filesUnder, mediaDir, pathOf, uploadFile } from "./support/media";
import { jpeg, video } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * The storage providers: SigV4 against AWS's published examples; the S3 provider against a
 * signature-checking S3 stand-in (objects, ranges, multipart, presigned reads);
 * the whole pipeline with STORAGE=s3; the disk provider's edge cases.
 */
describe("SigV4", () => {
  const credentials = {
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    region: "us-east-1",
  };
  const date = new Date("2013-05-24T00:00:00Z");

  it("signs AWS's GET Object example (header auth)", () => {
    const headers = signHeaders(
      {
        method: "GET",
        path: "/test.txt",
        headers: { host: "examplebucket.s3.amazonaws.com", range: "bytes=0-9" },
        payloadHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      },
      credentials,
      date,
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("signs AWS's presigned URL example (query auth)", () => {
    const url = presignUrl(
      {
        method: "GET",
        origin: "https://examplebucket.s3.amazonaws.com",
        host: "examplebucket.s3.amazonaws.com",
        path: "/test.txt",
        expiresSeconds: 86400,
      },
      credentials,
      date,
    );
    expect(url).toContain("X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404");
  });
});

describe("range parsing", () => {
  it("follows RFC 9110 for one range", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=95-200", 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=5-1", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull(); // several: the whole file
    expect(parseRange("items=0-1", 100)).toBeNull();
    expect(parseRange(undefined, 100)).toBeNull();
  });
});

describe("S3 provider", () => {
  let s3: FakeS3;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startFakeS3();
    storage = new S3Storage({
      endpoint: s3.endpoint,
      region: "eu-central-1",
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
  });
  afterAll(() => s3.close());

  it("puts, reads ranges, heads, lists and deletes with valid signatures", async () => {
    await storage.put("public/a-b/c_d.webp", Buffer.from("0123456789"), "image/webp");
    expect(await storage.head("public/a-b/c_d.webp")).toMatchObject({ size: 10, contentType: "image/webp" });
    const read = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString();
    expect(await read(await storage.read("public/a-b/c_d.webp", { start: 2, end: 4 }))).toBe("234");
    expect(await storage.head("public/missing")).toBeNull();
    await expect(storage.read("public/missing")).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.put("public/x/1", Buffer.from("1"), "text/plain");
    await storage.put("public/x/2", Buffer.from("2"), "text/plain");
    await storage.deletePrefix("public/x/");
    expect([...s3.objects.keys()]).toEqual(["public/a-b/c_d.webp"]);
    expect(s3.rejected).toBe(0);
  });

  it("assembles multipart uploads and leaves no part of one aborted mid-way", async () => {
    const id = await storage.createMultipart("originals/m/original", "application/octet-stream");
    const a = Buffer.alloc(1000, 1);
    const b = Buffer.alloc(10, 2);
    const etags = [
      await storage.putPart("originals/m/original", id, 1, Readable.from([a]), a.length),
      await storage.putPart("originals/m/original", id, 2, Readable.from([b]), b.length),
    ];
    // A body that stops early: the request fails and no part 3 exists.
    const broken = new Readable({ read() {} });
    broken.push(Buffer.alloc(5));
    setTimeout(() => broken.destroy(new Error("client went away")), 20);
    await expect(storage.putPart("originals/m/original", id, 3, broken, 100)).rejects.toBeInstanceOf(
      IncompleteBodyError,
    );
    expect(s3.uploads.get(id)?.has(3)).toBe(false);
    await storage.completeMultipart("originals/m/original", id, [
      { partNumber: 2, etag: etags[1]! },
      { partNumber: 1, etag: etags[0]! },
    ]);
    expect(s3.objects.get("originals/m/original")?.body.equals(Buffer.concat([a, b]))).toBe(true);
    const other = await storage.createMultipart("originals/n/original", "application/octet-stream");
    await storage.abortMultipart("originals/n/original", other);
    expect(s3.uploads.has(other)).toBe(false);
    expect(s3.rejected).toBe(0);
  });

  it("runs the whole pipeline on S3: variants, resumable parts, ffmpeg reading local copies", async () => {
    const testDb: TestDatabase = await createTestDatabase();
    const local = await mediaDir();
    const config = testConfig({
      MEDIA_DIR: local.dir,
      STORAGE: "s3",
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    const app: App = await buildApp(config, { database: testDb.database });
    const finished: string[] = [];
    const realtime = {
      emitToProfile: (_id: string, event: string, payload: { fileId?: string; status?: string }) => {
        if (event === "file.conversion.finished") finished.push(`${payload.fileId}:${payload.status}`);
      },
    } as unknown as Realtime;
    app.deps.realtime = realtime;
    let jobs: Jobs | undefined;
    try {
      expect(app.deps.storage.kind).toBe("s3");
      const person = await createPerson(testDb.database.db, {
        name: "Cloud User",
        email: "cloud@example.com",
        slug: "cloud.user.11",
      });
      const as = await bearerFor(testDb.database.db, person.userId);

      const image = await uploadFile(
        app,
        as,
        { uploadType: "post_image" },
        { name: "sky.jpg", data: await jpeg(1000, 800) },
      );
      expect(image.res.statusCode, image.res.body).toBe(201);
      const small = await app.inject({
        method: "GET",
        url: pathOf(image.media!.urls.small),
        headers: { range: "bytes=0-11" },
      });
      expect(small.statusCode).toBe(206);
      expect(small.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
      const full = await app.inject({ method: "GET", url: pathOf(image.media!.urls.full) });
      expect((await sharp(full.rawPayload).metadata()).width).toBe(1000);
      expect(s3.objects.has(`originals/${image.media!.id}/original`)).toBe(true);

      // A video in parts, probed by ffprobe on a local copy, transcoded by the job.
      const padded = video(1); // one part (smaller than a chunk)
      const session = (
        await app.inject({
          method: "POST",
          url: "/api/v1/media/uploads",
          headers: as,
          payload: { uploadType: "post_video_file", fileName: "clip.mp4", size: padded.length },
        })
      ).json().data as UploadSession;
      expect(session.chunkSize).toBe(MEDIA_CHUNK_BYTES);
      const part = await app.inject({
        method: "PUT",
        url: `/api/v1/media/uploads/${session.id}?offset=0`,
        headers: { ...as, "content-type": "application/octet-stream" },
        payload: padded,
      });
      expect(part.statusCode, part.body).toBe(200);
      const done = await app.inject({
        method: "POST",
        url: `/api/v1/media/uploads/${session.id}/complete`,
        headers: as,
      });
      expect(done.statusCode, done.body).toBe(202);
      const file = done.json().data as Media;
      expect(file.durationInMs).toBeGreaterThan(900);

      jobs = await startJobs({
        database: testDb.database,
        log: pino({ level: "silent" }),
        realtime,
        config,
        storage: app.deps.storage,
      });
      app.deps.jobs = jobs;
      await jobs.send("media.process", { mediaId: file.id });
      await expect.poll(() => finished, { timeout: 60_000 }).toContain(`${file.id}:ready`);
      const ready = (await app.inject({ method: "GET", url: `/api/v1/media/${file.id}`, headers: as })).json()
        .data as Media;
      const stream = await app.inject({
        method: "GET",
        url: pathOf(ready.urls.stream),
        headers: { range: "bytes=0-99" },
      });
      expect(stream.statusCode).toBe(206);
      expect(stream.headers["content-type"]).toBe("video/mp4");
      // ffprobe and ffmpeg run without network and read local files only (issue 11): the API
      // fetches the original into the job's private work dir (a signed GET), never hands a tool
      // a presigned URL.
      const originalReads = s3.requests.filter(
        (r) => r.method === "GET" && r.path.endsWith(`originals/${file.id}/original`),
      );
      expect(originalReads.length).toBeGreaterThan(0);
      expect(originalReads.filter((r) => r.auth === "query")).toEqual([]);
      expect(s3.rejected).toBe(0);
      // Nothing of it touched the local media directory.
      expect(await filesUnder(local.dir)).toEqual([]);

      // Deleting removes every object of the file.
      expect(
        (await app.inject({ method: "DELETE", url: `/api/v1/media/${file.id}`, headers: as })).statusCode,
      ).toBe(204);
      expect([...s3.objects.keys()].filter((k) => k.includes(file.id))).toEqual([]);
    } finally {
      await jobs?.stop();
      await app.close();
      await testDb.drop();
      await local.remove();
    }
  });
});

describe("disk provider", () => {
  it("refuses keys that leave its directory, and writes atomically", async () => {
    const local = await mediaDir();
    try {
      const disk = new DiskStorage(local.dir);
      for (const key of ["../etc/passwd", "/abs", "a/../../b", "a//b", ".hidden"]) {
        await expect(disk.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow(
          /invalid storage key/,
        );
      }
      await disk.put("public/a/b.webp", Buffer.from("hello"), "image/webp");
      expect(await filesUnder(local.dir)).toEqual(["public/a/b.webp"]);
      const id = await disk.createMultipart("originals/x/original", "application/octet-stream");
      const broken = new Readable({ read() {} });
      broken.push(Buffer.alloc(10));
      setTimeout(() => broken.destroy(new Error("gone")), 20);
      await expect(disk.putPart("originals/x/original", id, 1, broken, 100)).rejects.toBeInstanceOf(
        IncompleteBodyError,
      );
      expect((await filesUnder(local.dir)).filter((f) => f.includes("partial"))).toEqual([]);
      await disk.abortMultipart("originals/x/original", id);
      expect(await filesUnder(local.dir)).toEqual(["public/a/b.webp"]);
    } finally {
      await local.remove();
    }
  });
});
