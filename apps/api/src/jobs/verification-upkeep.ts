import { IDV_SESSION_TTL_MINUTES } from "@vn/contract";
import { loadConfig } from "../config";
import { VerificationService } from "../modules/verification/service";
import { createIdentityProvider } from "../providers/identity/index";
import { createStorage } from "../providers/storage/index";
import type { JobContext, JobModule } from "./types";

/**
 * Every five minutes (issue 12): capture sessions never sent within IDV_SESSION_TTL_MINUTES close
 * as failed (session_expired), and document images are deleted IDV_DOCUMENT_RETENTION_DAYS after
 * their decision (data minimisation); the decision and its reason code stay.
 */
export const verificationUpkeepJob: JobModule = {
  queue: "verification.upkeep",
  cron: "*/5 * * * *",
  async handle(context: JobContext): Promise<void> {
    const config = context.config ?? loadConfig();
    const db = context.database.db;
    const service = new VerificationService({
      db,
      config,
      storage: context.storage ?? createStorage(config),
      provider: createIdentityProvider(config, { db, jobs: () => context.jobs, log: context.log }),
      realtime: () => context.realtime,
      log: context.log,
    });
    const expired = await service.expireStaleCaptures(
      new Date(Date.now() - IDV_SESSION_TTL_MINUTES * 60_000),
    );
    const purged = await service.purgeDocuments();
    if (expired || purged) context.log.info({ expired, purged }, "verification upkeep");
  },
};
