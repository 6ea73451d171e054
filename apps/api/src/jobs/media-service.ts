import { loadConfig } from "../config";
import { MediaService } from "../modules/media/service";
import { createStorage } from "../providers/storage/index";
import type { JobContext } from "./types";

const services = new WeakMap<JobContext, MediaService>();

/** The media service of a job runner: its database, storage from config, its socket hub. */
export function mediaServiceFor(context: JobContext): MediaService {
  let service = services.get(context);
  if (!service) {
    const config = context.config ?? loadConfig();
    service = new MediaService({
      db: context.database.db,
      config,
      storage: context.storage ?? createStorage(config),
      log: context.log,
      realtime: () => context.realtime,
      jobs: () => context.jobs,
    });
    services.set(context, service);
  }
  return service;
}
