import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { version } from "../../lib/version";

/** Liveness and readiness: handlers for the rows of contract/endpoints/health.ts. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.health;

  route(app, table.health, async () => ({
    status: "ok" as const,
    uptimeSeconds: Math.round(process.uptime()),
    version,
  }));

  route(app, table.ready, async ({ reply }) => {
    const database = (await app.deps.database.ping()) ? "ok" : "failed";
    const checks: Record<string, "ok" | "failed"> = { database };
    if (app.deps.redis)
      checks.redis = (await app.deps.redis.client.ping().then(
        () => true,
        () => false,
      ))
        ? "ok"
        : "failed";
    const ready = Object.values(checks).every((c) => c === "ok");
    return reply.status(ready ? 200 : 503).send({ status: ready ? "ready" : "not_ready", checks });
  });
};
