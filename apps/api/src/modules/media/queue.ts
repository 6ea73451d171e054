/** pg-boss queues of the media pipeline (names shared by the service that sends and the jobs that work). */
export const MEDIA_PROCESS_QUEUE = "media.process";
export const MEDIA_SWEEP_QUEUE = "media.sweep";
/** A file whose job crashed this many times (worker killed mid-way) fails instead of retrying. */
export const MEDIA_MAX_ATTEMPTS = 3;
