/** pg-boss queues of the media pipeline (names shared by the service that sends and the jobs that work). */

/**
 * The first queue, when every kind of file shared it. Still worked (files sent to it before the
 * split, and tests that drive one file by hand), but nothing new is sent to it.
 */
export const MEDIA_PROCESS_QUEUE = "media.process";
export const MEDIA_SWEEP_QUEUE = "media.sweep";

/**
 * One queue per kind of work (issue 11), each with its own worker: a three-hour video no longer
 * holds back a PDF preview or a podcast, and long videos have a queue of their own so they
 * cannot hold back short clips either. (Pictures, profile photos included, never wait on a
 * queue: their variants are made while the upload request runs.)
 */
export const MEDIA_QUEUES = {
  document: "media.process.document",
  audio: "media.process.audio",
  video: "media.process.video",
  longVideo: "media.process.video-long",
} as const;
/** A video longer than this goes to the long-video queue. */
export const LONG_VIDEO_MS = 10 * 60 * 1000;

/** The queue that processes this file. */
export function mediaQueueOf(row: { kind: string; durationMs: number | null }): string {
  if (row.kind === "document") return MEDIA_QUEUES.document;
  if (row.kind === "audio") return MEDIA_QUEUES.audio;
  return (row.durationMs ?? 0) > LONG_VIDEO_MS ? MEDIA_QUEUES.longVideo : MEDIA_QUEUES.video;
}

/** A file whose job crashed this many times (worker killed mid-way) fails instead of retrying. */
export const MEDIA_MAX_ATTEMPTS = 3;
