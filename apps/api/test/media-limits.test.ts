import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { chmod, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { entitlement, messages } from "@vn/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { testConfig } from "../src/config";
import { mediaFiles } from "../src/db/schema/index";
import { startJobs } from "../src/jobs/index";
import { LONG_VIDEO_MS, MEDIA_QUEUES, mediaQueueOf } from "../src/modules/media/queue";
import { MediaService } from "../src/modules/media/service";
import { actorFromToken } from "../src/policy/actor";
import { createCompany, createPerson } from "../src/seed/library";
import type { Jobs } from "../src/shared/jobs";
import { createTestDatabase, type TestDatabase } from "./support/database";
import { filesUnder, mediaDir, uploadFile } from "./support/media";
import { audio, docx, png, video } from "./support/media-fixtures";
import { bearerFor } from "./support/sessions";

/**
 * Issue 11, items 3 and 11: a few KB of HEIC must not make the API decode gigabytes (the decode is
 * bounded before ffmpeg ever runs); storage is a quota per owner by plan, unfinished uploads
 * reserve their size and are bounded per person, video and audio have resolution and length
 * caps, and each kind of processing has its own queue.
 */
let testDb: TestDatabase;
let media: Awaited<ReturnType<typeof mediaDir>>;
/** An app whose "ffmpeg" only records that it was started: the HEIC bombs must never reach it. */
let spyApp: App;
let app: App;
let spyMarker: string;
const GB = 1024 * 1024 * 1024;

beforeAll(async () => {
  testDb = await createTestDatabase();
  media = await mediaDir();
  spyMarker = path.join(media.dir, "..", `ffmpeg-started-${process.pid}-${Date.now()}`);
  const spy = path.join(media.dir, "..", `ffmpeg-spy-${process.pid}-${Date.now()}.sh`);
  await writeFile(spy, `#!/bin/sh\necho "$@" >> "${spyMarker}"\nexit 1\n`);
  await chmod(spy, 0o755);
  spyApp = await buildApp(testConfig({ MEDIA_DIR: media.dir, FFMPEG_PATH: spy }), {
    database: testDb.database,
  });
  app = await buildApp(testConfig({ MEDIA_DIR: media.dir }), { database: testDb.database });
});
afterAll(async () => {
  await spyApp.close();
  await app.close();
  await testDb.drop();
  await media.remove();
});

let people = 0;
async function person(planTier?: "basic" | "premium") {
  people++;
  const seeded = await createPerson(testDb.database.db, {
    name: `Limits Person ${people}`,
    email: `limits${people}@example.com`,
    slug: `limits.person.${people}${people}`,
    planTier,
  });
  return { ...seeded, headers: await bearerFor(testDb.database.db, seeded.userId) };
}

// A HEIF container written by hand: a grid of tiles, all sharing one extent of bytes -------------

const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, "latin1"), body]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u8(version), u8(flags >> 16), u16(flags & 0xffff), ...parts);

function heifGrid(o: {
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  width: number;
  height: number;
  /** Bytes of the one extent every tile points at. */
  tileBytes?: number;
}): Buffer {
  const tiles = o.columns * o.rows;
  const tileIds = Array.from({ length: tiles }, (_, i) => i + 1);
  const gridId = 65_000;
  // One length-prefixed NAL unit (4-byte lengths, as the hvcC says): well-formed enough to be sent to
  // the decoder by a reader that trusts the container's sizes.
  const bytes = o.tileBytes ?? 16;
  const shared = Buffer.concat([u32(bytes - 4), Buffer.alloc(bytes - 4, 0x26)]);
  const gridData = Buffer.concat([
    u8(0),
    u8(0),
    u8(o.rows - 1),
    u8(o.columns - 1),
    u16(o.width),
    u16(o.height),
  ]);
  const hvcC = Buffer.alloc(23);
  hvcC.writeUInt8(1, 0);
  hvcC.writeUInt8(0xfc | 3, 21);
  const ispe = (w: number, h: number) => fullBox("ispe", 0, 0, u32(w), u32(h));
  const ipco = box("ipco", box("hvcC", hvcC), ispe(o.tileWidth, o.tileHeight), ispe(o.width, o.height));
  const assoc = (id: number, props: number[]) => Buffer.concat([u16(id), u8(props.length), ...props.map(u8)]);
  const ipma = fullBox(
    "ipma",
    0,
    0,
    u32(tiles + 1),
    ...tileIds.map((id) => assoc(id, [0x80 | 1, 2])),
    assoc(gridId, [3]),
  );
  const infe = (id: number, type: string) =>
    fullBox("infe", 2, 0, u16(id), u16(0), Buffer.from(type, "latin1"), Buffer.from([0]));
  const build = (mdatStart: number) => {
    const dataAt = mdatStart + 8;
    const locations = [
      ...tileIds.map((id) => Buffer.concat([u16(id), u16(0), u16(1), u32(dataAt), u32(shared.length)])),
      Buffer.concat([u16(gridId), u16(0), u16(1), u32(dataAt + shared.length), u32(gridData.length)]),
    ];
    return fullBox(
      "meta",
      0,
      0,
      fullBox("hdlr", 0, 0, u32(0), Buffer.from("pict", "latin1"), Buffer.alloc(12), Buffer.from([0])),
      fullBox("pitm", 0, 0, u16(gridId)),
      fullBox("iloc", 0, 0, u8(0x44), u8(0), u16(locations.length), ...locations),
      fullBox("iinf", 0, 0, u16(tiles + 1), ...tileIds.map((id) => infe(id, "hvc1")), infe(gridId, "grid")),
      fullBox("iref", 0, 0, box("dimg", u16(gridId), u16(tiles), ...tileIds.map(u16))),
      box("iprp", ipco, ipma),
    );
  };
  const ftyp = box("ftyp", Buffer.from("heic", "latin1"), u32(0), Buffer.from("mif1heic", "latin1"));
  const meta = build(ftyp.length + build(0).length);
  return Buffer.concat([ftyp, meta, box("mdat", shared, gridData)]);
}

describe("item 3: a small HEIC cannot make the API decode a huge picture", () => {
  const bombs: Array<[string, Buffer, string[]]> = [
    [
      // 33 × 33 = 1,089 tiles of 182 px: a legal-looking 6000 × 6000 grid, beyond the tile cap.
      "too many tiles",
      heifGrid({ columns: 33, rows: 33, tileWidth: 182, tileHeight: 182, width: 6000, height: 6000 }),
      ["file_imageDimensionsTooLarge"],
    ],
    [
      // A 600 × 450 picture whose four tiles claim 30,000 × 30,000 each (3.6 billion pixels).
      "tiles far larger than the picture",
      heifGrid({ columns: 2, rows: 2, tileWidth: 30_000, tileHeight: 30_000, width: 600, height: 450 }),
      ["file_damaged", "file_imageDimensionsTooLarge"],
    ],
    [
      // One tile of 20,000 × 20,000 under a 4000 × 3000 grid: 400 megapixels to decode.
      "one tile beyond the decode budget",
      heifGrid({ columns: 1, rows: 1, tileWidth: 20_000, tileHeight: 20_000, width: 4000, height: 3000 }),
      ["file_imageDimensionsTooLarge"],
    ],
    [
      // Sixteen tiles all pointing at the same 200 KB: 3.2 MB of bitstream out of a 200 KB file.
      "tiles sharing one extent",
      heifGrid({
        columns: 4,
        rows: 4,
        tileWidth: 512,
        tileHeight: 512,
        width: 2048,
        height: 2048,
        tileBytes: 200_000,
      }),
      ["file_damaged"],
    ],
  ];

  it.each(bombs)("refuses %s before ffmpeg starts, keeping nothing", async (_name, file, codes) => {
    const owner = await person();
    const before = await filesUnder(media.dir);
    const { res } = await uploadFile(
      spyApp,
      owner.headers,
      { uploadType: "post_image" },
      { name: "bomb.heic", data: file },
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(codes).toContain(res.json().error.code);
    // Decided from the container alone: the decoder never ran.
    expect(existsSync(spyMarker) ? readFileSync(spyMarker, "utf8") : "").toBe("");
    expect(await filesUnder(media.dir)).toEqual(before);
  });
});

describe("item 11: storage quota per owner by plan", () => {
  it("puts a storage limit in every plan, larger on higher tiers, unlimited on none", () => {
    const basic = entitlement("user", "basic", "media.storageBytes") as number;
    const premium = entitlement("user", "premium", "media.storageBytes") as number;
    const enterprise = entitlement("company", "enterprise", "media.storageBytes") as number;
    expect(basic).toBe(5 * GB);
    expect(premium).toBeGreaterThan(basic);
    expect(Number.isFinite(enterprise)).toBe(true);
  });

  it("reserves the size of unfinished uploads: a third 2 GB upload does not fit 5 GB", async () => {
    const owner = await person();
    const create = () =>
      app.inject({
        method: "POST",
        url: "/api/v1/media/uploads",
        headers: owner.headers,
        payload: { uploadType: "post_video_file", fileName: "big.mp4", size: 2 * GB },
      });
    expect((await create()).statusCode).toBe(201);
    expect((await create()).statusCode).toBe(201);
    const third = await create();
    expect(third.statusCode).toBe(413);
    expect(third.json().error).toMatchObject({
      code: "file_quotaExceeded",
      message: messages.storageQuotaExceeded,
      details: { usedBytes: 4 * GB, quotaBytes: 5 * GB, fileBytes: 2 * GB },
    });
  });

  it("counts what is stored: a full basic storage refuses a photo, a premium one takes it", async () => {
    const basic = await person("basic");
    const premium = await person("premium");
    for (const owner of [basic, premium]) {
      await testDb.database.db.insert(mediaFiles).values({
        id: randomUUID(),
        ownerId: owner.profileId,
        uploadType: "recording_video_file",
        kind: "video",
        status: "ready",
        fileName: "earlier.mp4",
        ext: "mp4",
        mime: "video/mp4",
        size: 5 * GB - 1024,
        originalKey: `originals/${randomUUID()}/original`,
      });
    }
    const before = await filesUnder(media.dir);
    const refused = await uploadFile(
      app,
      basic.headers,
      { uploadType: "post_image" },
      { name: "one-more.png", data: await png(600, 600) },
    );
    expect(refused.res.statusCode, refused.res.body).toBe(413);
    expect(refused.res.json().error.code).toBe("file_quotaExceeded");
    expect(await filesUnder(media.dir)).toEqual(before);

    const taken = await uploadFile(
      app,
      premium.headers,
      { uploadType: "post_image" },
      { name: "one-more.png", data: await png(600, 600) },
    );
    expect(taken.res.statusCode, taken.res.body).toBe(201);
  });

  it("bounds unfinished uploads per person, whichever profile they act for", async () => {
    const owner = await person("premium");
    const company = await createCompany(testDb.database.db, {
      name: "Upload Company",
      ownerUserId: owner.userId,
      slug: "upload.company.77",
      planTier: "premium",
    });
    const asCompany = await bearerFor(testDb.database.db, owner.userId, company.profileId);
    const create = (headers: Record<string, string>, i: number) =>
      app.inject({
        method: "POST",
        url: "/api/v1/media/uploads",
        headers,
        payload: { uploadType: "post_video_file", fileName: `v${i}.mp4`, size: 1000 },
      });
    for (let i = 0; i < 10; i++) expect((await create(owner.headers, i)).statusCode).toBe(201);
    // A company of theirs does not give them ten more.
    const refused = await create(asCompany, 10);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: "request_tooMany" });
    expect(refused.json().error.message).toContain("at most 10");
  });
});

describe("item 11: resolution and length caps, checked on arrival", () => {
  function encode(args: string[], name: string): Buffer {
    const out = path.join(media.dir, "..", `${process.pid}-${Date.now()}-${name}`);
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args, out]);
    const data = readFileSync(out);
    execFileSync("rm", ["-f", out]);
    return data;
  }

  it("refuses a video wider than 8K", async () => {
    const owner = await person();
    const wide = encode(
      [
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=7700x96:rate=5",
        "-frames:v",
        "2",
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p",
      ],
      "wide.mp4",
    );
    const { res } = await uploadFile(
      app,
      owner.headers,
      { uploadType: "post_video_file" },
      { name: "wide.mp4", data: wide },
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({
      code: "file_videoDimensionsTooLarge",
      message: "The video must be at most 7680 × 4320 pixels.",
      details: { width: 7700, height: 96 },
    });
  });

  it("refuses a recording longer than four hours (six frames an hour apart)", async () => {
    const owner = await person();
    const long = encode(
      [
        "-f",
        "lavfi",
        "-i",
        "color=c=black:s=64x64:r=1/3600",
        "-frames:v",
        "6",
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
      ],
      "long.mkv",
    );
    const { res } = await uploadFile(
      app,
      owner.headers,
      { uploadType: "post_video_file" },
      { name: "long.mkv", data: long },
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({
      code: "file_tooLong",
      message: "Recordings can be at most 4 hours long.",
    });
  });
});

describe("item 11: one queue per kind of processing", () => {
  it("sends videos, long videos, audio and documents to queues of their own", async () => {
    const owner = await person("premium");
    const sent: string[] = [];
    const jobs = { send: async (queue: string) => void sent.push(queue) } as unknown as Jobs;
    const service = new MediaService({
      db: testDb.database.db,
      config: testConfig({ MEDIA_DIR: media.dir }),
      storage: app.deps.storage,
      log: app.log,
      realtime: () => undefined,
      jobs: () => jobs,
    });
    const actor = (await actorFromToken(testDb.database.db, owner.headers.authorization!.slice(7)))!;
    const upload = (
      uploadType: "post_video_file" | "recording_audio_file" | "document_file",
      name: string,
      data: Buffer,
    ) =>
      service.uploadSingle(
        actor,
        { uploadType, title: "T", description: "D" },
        { stream: Readable.from([data]), fileName: name },
      );
    await upload("post_video_file", "clip.mp4", video(1));
    await upload("recording_audio_file", "talk.mp3", audio(1));
    await upload("document_file", "letter.docx", docx("Queued"));
    expect(sent).toEqual([MEDIA_QUEUES.video, MEDIA_QUEUES.audio, MEDIA_QUEUES.document]);
    expect(mediaQueueOf({ kind: "video", durationMs: LONG_VIDEO_MS + 1 })).toBe(MEDIA_QUEUES.longVideo);
    expect(new Set(Object.values(MEDIA_QUEUES)).size).toBe(4);
  });

  it("gives every queue a worker", async () => {
    const runner = await startJobs({
      database: testDb.database,
      log: app.log,
      config: testConfig({ MEDIA_DIR: media.dir }),
      storage: app.deps.storage,
    });
    try {
      for (const queue of Object.values(MEDIA_QUEUES)) {
        expect(await runner.boss.getQueue(queue), queue).toBeTruthy();
      }
    } finally {
      await runner.stop();
    }
  });
});
