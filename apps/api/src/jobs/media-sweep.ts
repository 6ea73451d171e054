import { MEDIA_SWEEP_QUEUE } from "../modules/media/queue";
import { mediaServiceFor } from "./media-service";
import type { JobContext, JobModule } from "./types";

/**
 * Every minute: re-sends files whose job was lost (sent by a node without a worker, or a node
 * that died), revives files kept unprocessed once ffmpeg/LibreOffice are there, deletes
 * abandoned resumable uploads and old failed files nobody attached.
 */
export const mediaSweep: JobModule = {
  queue: MEDIA_SWEEP_QUEUE,
  cron: "* * * * *",
  async handle(context: JobContext): Promise<void> {
    await mediaServiceFor(context).sweep();
  },
};
