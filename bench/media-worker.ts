import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { IMAGE_MAX_PX, MEDIA_MAX_DURATION_HOURS, VIDEO_MAX_BYTES } from "@vn/contract";
import { extractPoster, probe, transcodeVideo } from "../apps/api/src/modules/media/av";
import { openImage, renderPoster, renderVariants, resolveCrops } from "../apps/api/src/modules/media/images";

/**
 * One measured task in its own process (media.bench.ts starts it), so its peak RSS is the task's:
 *   baseline                      load the pipeline, do nothing
 *   image <file> <runs> <parallel> variants of one picture, `runs` times, `parallel` at once
 *   video <file>                  the job's transcode: probe, H.264/AAC faststart MP4, poster
 * Prints one JSON line.
 */
const [task, file, runsArg, parallelArg] = process.argv.slice(2);

async function variantsOnce(input: string) {
  const opened = await openImage(
    { path: input, ext: "jpg" },
    { minPx: 1, maxPx: IMAGE_MAX_PX },
    { ffmpegPath: "ffmpeg", timeoutMs: 60_000, workDir: os.tmpdir() },
  );
  const crops = resolveCrops(opened.width, opened.height, null);
  return renderVariants(opened.input, opened, crops);
}

const started = performance.now();
let result: Record<string, unknown> = {};
if (task === "image" && file) {
  const runs = Number(runsArg ?? 1);
  const parallel = Number(parallelArg ?? 1);
  // One warm-up run outside the clock (libvips initialises its caches and threads).
  await variantsOnce(file);
  const clock = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < runs) {
        next++;
        await variantsOnce(file);
      }
    }),
  );
  const seconds = (performance.now() - clock) / 1000;
  result = { runs, parallel, seconds, perSecond: runs / seconds };
} else if (task === "video" && file) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vn-bench-video-"));
  try {
    const before = await probe("ffprobe", file);
    const clock = performance.now();
    const stream = await transcodeVideo(file, dir, {
      ffmpegPath: "ffmpeg",
      timeoutMs: 60 * 60 * 1000,
      durationMs: before.durationMs,
      maxOutputBytes: VIDEO_MAX_BYTES,
      maxDurationMs: MEDIA_MAX_DURATION_HOURS * 60 * 60 * 1000,
    });
    const transcodeSeconds = (performance.now() - clock) / 1000;
    const frame = await extractPoster(stream, dir, {
      ffmpegPath: "ffmpeg",
      durationMs: before.durationMs,
      cover: false,
    });
    if (frame) await renderPoster(frame);
    const after = await probe("ffprobe", stream);
    result = {
      transcodeSeconds,
      inputMs: before.durationMs,
      outputMs: after.durationMs,
      width: after.width,
      height: after.height,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
result.totalSeconds = (performance.now() - started) / 1000;
// ru_maxrss of this process (KB on Linux): the Node side's peak, sharp's libvips included.
result.maxRssMb = process.resourceUsage().maxRSS / 1024;
console.log(JSON.stringify(result));
