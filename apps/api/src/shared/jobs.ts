import type PgBoss from "pg-boss";

/**
 * The job runner as the rest of the API sees it: services and event subscribers enqueue through
 * this port; jobs/index.ts starts the runner (pg-boss on the product's own database).
 */
export interface Jobs {
  boss: PgBoss;
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Stops taking jobs and waits for running ones to finish. */
  stop(): Promise<void>;
}
