import fs from "node:fs/promises";
import path from "node:path";
import { AppError, IMAGE_MAX_PX, VIDEO_MAX_LONG_SIDE_PX, VIDEO_MAX_SHORT_SIDE_PX } from "@vn/contract";
import { run } from "./tools";

/**
 * What ffmpeg and ffprobe may open (issue 11): local files only — no http, no tcp, no pipe, even
 * when a container points at another resource (a playlist inside an AVI, a reference movie) — and
 * only the demuxers of the formats we accept. A video's pictures are never larger than the
 * largest frame we take (8K), an audio file's cover never larger than the largest image.
 */
const INPUT_GUARDS = [
  "-protocol_whitelist",
  "file",
  "-format_whitelist",
  "mov,matroska,avi,mp3,wav,ogg,flac,aac",
];
const VIDEO_MAX_PIXELS = VIDEO_MAX_LONG_SIDE_PX * VIDEO_MAX_SHORT_SIDE_PX;
const COVER_MAX_PIXELS = IMAGE_MAX_PX * IMAGE_MAX_PX;
/** A poster frame or cover as PNG, before sharp makes the WebP: never more than this on disk. */
const POSTER_MAX_BYTES = 256 * 1024 * 1024;

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
    ["-v", "error", ...INPUT_GUARDS, "-print_format", "json", "-show_format", "-show_streams", input],
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
  /** The deadline of this transcode (transcodeTimeoutMs: relative to the duration). */
  timeoutMs: number;
  durationMs: number | null;
  /** The output stops growing here (ffmpeg -fs, and the file-size limit of the process). */
  maxOutputBytes: number;
  /** No more than this much of the input is read, whatever its header claims. */
  maxDurationMs: number;
  onProgress?: (fraction: number) => void;
}

/**
 * How long a transcode may take: a base for start-up and short files, plus a multiple of the
 * duration (veryfast x264 at ≤1080p runs faster than real time on one core), never more than
 * the configured cap. A file whose duration is unknown gets the base and one hour's worth.
 */
export function transcodeTimeoutMs(
  durationMs: number | null,
  limits: { baseMs: number; perMediaMs: number; capMs: number },
): number {
  const duration = durationMs && durationMs > 0 ? durationMs : 60 * 60 * 1000;
  return Math.min(limits.capMs, Math.round(limits.baseMs + limits.perMediaMs * duration));
}

function progressReader(durationMs: number | null, onProgress?: (fraction: number) => void) {
  return (line: string) => {
    // -progress prints key=value lines; out_time_us is how far the output got.
    const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
    if (!match || !durationMs || !onProgress) return;
    onProgress(Math.min(0.99, Number(match[1]) / 1000 / durationMs));
  };
}

function failed(result: {
  timedOut: boolean;
  outputLimited: boolean;
  stderr: string;
  code: number | null;
}): AppError {
  const reason = result.timedOut
    ? "timed out"
    : result.outputLimited
      ? "output limit exceeded"
      : result.stderr.trim().slice(-300);
  return new AppError(result.timedOut || result.outputLimited ? "file_unableToConvert" : "file_damaged", {
    details: { reason, code: result.code },
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
      ...INPUT_GUARDS,
      "-max_pixels",
      String(VIDEO_MAX_PIXELS),
      "-i",
      input,
      ...codecArgs,
      "-t",
      (options.maxDurationMs / 1000).toFixed(3),
      "-fs",
      String(options.maxOutputBytes),
      "-progress",
      "pipe:1",
      output,
    ],
    {
      timeoutMs: options.timeoutMs,
      onLine: progressReader(options.durationMs, options.onProgress),
      // -fs stops at the limit; the process limit is the backstop (a little above: the moov atom).
      maxFileBytes: options.maxOutputBytes + 64 * 1024 * 1024,
      background: true,
    },
  );
  if (result.code !== 0) throw failed(result);
  // ffmpeg ends cleanly when -fs stops it: a file at the limit was cut there.
  const { size } = await fs.stat(output);
  if (size >= options.maxOutputBytes) throw failed({ ...result, outputLimited: true });
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
  const guards = [
    ...INPUT_GUARDS,
    "-max_pixels",
    String(options.cover ? COVER_MAX_PIXELS : VIDEO_MAX_PIXELS),
  ];
  const args = options.cover
    ? [...guards, "-i", input, "-map", "0:v:0", "-frames:v", "1", output]
    : ["-ss", at.toFixed(3), ...guards, "-i", input, "-map", "0:v:0", "-frames:v", "1", output];
  const result = await run(
    options.ffmpegPath,
    ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args],
    { timeoutMs: 60_000, maxFileBytes: POSTER_MAX_BYTES, background: true },
  );
  return result.code === 0 ? output : null;
}
