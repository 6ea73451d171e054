import { MEDIA_PROCESS_QUEUE, MEDIA_QUEUES } from "../modules/media/queue";
import { mediaServiceFor } from "./media-service";
import type { JobContext, JobModule } from "./types";

/**
 * Processes one uploaded file: video/audio → streamable MP4/M4A, poster and duration; office
 * documents → PDF (LibreOffice). One job per file (a stately queue: at most one queued and one
 * running per file); a bad file fails itself, never the worker.
 *
 * One queue per kind of work, each with its own worker (issue 11, queue.ts): documents, audio,
 * videos, and long videos apart, so one long transcode holds back nothing but other long
 * videos. The first, shared queue is still worked for files sent to it before the split.
 */
function mediaProcessOn(queue: string): JobModule {
  return {
    queue,
    queueOptions: {
      policy: "stately",
      // A crash (the worker killed mid-transcode) is retried; the file fails after its third try.
      retryLimit: 3,
      retryDelay: 30,
    },
    workOptions: (context) => ({
      // A job runs as long as its transcode may, plus margin, before pg-boss counts it lost.
      expireInSeconds:
        Math.ceil((context.config?.MEDIA_TRANSCODE_TIMEOUT_MS ?? 3 * 60 * 60 * 1000) / 1000) + 600,
    }),
    async handle(context: JobContext, data: object): Promise<void> {
      const { mediaId } = data as { mediaId?: string };
      if (typeof mediaId !== "string") return;
      await mediaServiceFor(context).process(mediaId);
    },
  };
}

export const mediaProcess: JobModule = mediaProcessOn(MEDIA_PROCESS_QUEUE);
export const mediaProcessQueues: JobModule[] = Object.values(MEDIA_QUEUES).map(mediaProcessOn);
