import path from "node:path";
import { AppError } from "@vn/contract";
import { run } from "./tools";

/**
 * Video and audio with ffmpeg (architecture.md: ffmpeg in jobs). Uploads are probed when they
 * arrive (an unreadable or truncated file is refused at once); the job transcodes to a
 * streamable MP4 (H.264/AAC, moov atom first, so playback and seeking start before the whole
 * file arrives) or, for audio, an AAC .m4a; a poster comes from the video or the audio's cover.
 */
export interface Probe {
  durationMs: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
  /** Audio files often carry their cover as an attached picture stream. */
  hasCover: boolean;
}

interface FfprobeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

const PROBE_TIMEOUT_MS = 60_000;

export async function probe(ffprobePath: string, input: string): Promise<Probe> {
  const result = await run(
    ffprobePath,
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", input],
    { timeoutMs: PROBE_TIMEOUT_MS, collectStdout: true, maxStdoutBytes: 4 * 1024 * 1024 },
  );
  let parsed: { streams?: FfprobeStream[]; format?: { duration?: string } } = {};
  try {
    parsed = JSON.parse(result.stdout.toString("utf8") || "{}");
  } catch {
    // handled below
  }
  const streams = parsed.streams ?? [];
  if (result.code !== 0 || streams.length === 0) {
    throw new AppError("file_damaged", {
      details: { reason: result.stderr.trim().slice(-300) || "unreadable" },
    });
  }
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const cover = streams.find((s) => s.codec_type === "video" && s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === "audio");
  const seconds = Number(parsed.format?.duration ?? video?.duration ?? audio?.duration);
  const rotation = Math.abs(Number(video?.tags?.rotate ?? video?.side_data_list?.[0]?.rotation ?? 0)) % 180;
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    width: video?.width ? (rotation === 90 ? (video.height ?? null) : video.width) : null,
    height: video?.height ? (rotation === 90 ? (video.width ?? null) : video.height) : null,
    hasCover: Boolean(cover),
  };
}

export interface TranscodeOptions {
  ffmpegPath: string;
  timeoutMs: number;
  durationMs: number | null;
  onProgress?: (fraction: number) => void;
}

function progressReader(durationMs: number | null, onProgress?: (fraction: number) => void) {
  return (line: string) => {
    // -progress prints key=value lines; out_time_us is how far the output got.
    const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
    if (!match || !durationMs || !onProgress) return;
    onProgress(Math.min(0.99, Number(match[1]) / 1000 / durationMs));
  };
}

function failed(result: { timedOut: boolean; stderr: string; code: number | null }): AppError {
  return new AppError("file_damaged", {
    details: { reason: result.timedOut ? "timed out" : result.stderr.trim().slice(-300), code: result.code },
  });
}

/**
 * One ffmpeg transcode of `input` to `outDir/fileName`: quiet, never reading stdin, overwriting,
 * with `-progress` on stdout feeding onProgress; a non-zero exit is a damaged file.
 */
async function transcode(
  input: string,
  outDir: string,
  fileName: string,
  codecArgs: string[],
  options: TranscodeOptions,
): Promise<string> {
  const output = path.join(outDir, fileName);
  const result = await run(
    options.ffmpegPath,
    [
      "-hide_banner",
      "-nostdin",
      "-nostats",
      "-loglevel",
      "error",
      "-y",
      "-i",
      input,
      ...codecArgs,
      "-progress",
      "pipe:1",
      output,
    ],
    { timeoutMs: options.timeoutMs, onLine: progressReader(options.durationMs, options.onProgress) },
  );
  if (result.code !== 0) throw failed(result);
  return output;
}

/** H.264 High / AAC in MP4 with faststart, at most 1920 px on the long side, even sizes. */
export function transcodeVideo(input: string, outDir: string, options: TranscodeOptions) {
  return transcode(
    input,
    outDir,
    "stream.mp4",
    [
      "-map",
      "0:v:0",
      "-map",
      "0:a:0?",
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-crf",
      "23",
      "-pix_fmt",
      "yuv420p",
      "-vf",
      "scale=w='min(iw,1920)':h='min(ih,1920)':force_original_aspect_ratio=decrease:force_divisible_by=2",
      "-c:a",
      "aac",
      "-b:a",
      "128k",
      "-ac",
      "2",
      "-movflags",
      "+faststart",
      "-max_muxing_queue_size",
      "1024",
    ],
    options,
  );
}

/** AAC 160 kb/s in an .m4a with faststart. */
export function transcodeAudio(input: string, outDir: string, options: TranscodeOptions) {
  return transcode(
    input,
    outDir,
    "stream.m4a",
    ["-map", "0:a:0", "-vn", "-c:a", "aac", "-b:a", "160k", "-movflags", "+faststart"],
    options,
  );
}

/** One frame a second in (or mid-way through a shorter clip), or the audio's attached cover. */
export async function extractPoster(
  input: string,
  outDir: string,
  options: { ffmpegPath: string; durationMs: number | null; cover: boolean },
): Promise<string | null> {
  const output = path.join(outDir, "poster.png");
  const at = options.durationMs ? Math.min(1, options.durationMs / 2000) : 0;
  const args = options.cover
    ? ["-i", input, "-map", "0:v:0", "-frames:v", "1", output]
    : ["-ss", at.toFixed(3), "-i", input, "-map", "0:v:0", "-frames:v", "1", output];
  const result = await run(
    options.ffmpegPath,
    ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args],
    { timeoutMs: 60_000 },
  );
  return result.code === 0 ? output : null;
}
