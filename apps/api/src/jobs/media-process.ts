import { MEDIA_PROCESS_QUEUE } from "../modules/media/queue";
import type { JobContext, JobModule } from "./index";
import { mediaServiceFor } from "./media-service";

/**
 * Processes one uploaded file: video/audio → streamable MP4/M4A, poster and duration; office
 * documents → PDF (LibreOffice). One job per file (a stately queue: at most one queued and one
 * running per file); a bad file fails itself, never the worker.
 */
export const mediaProcess: JobModule = {
  queue: MEDIA_PROCESS_QUEUE,
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
