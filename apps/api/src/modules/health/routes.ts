import { healthSchema, readySchema } from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { version } from "../../lib/version";

/** Liveness and readiness. Public; exempt from rate limits because balancers poll them. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { access: "public", rateLimit: false },
      schema: { tags: ["health"], summary: "Liveness", response: { 200: healthSchema } },
    },
    async () => ({ status: "ok" as const, uptimeSeconds: Math.round(process.uptime()), version }),
  );

  app.get(
    "/ready",
    {
      config: { access: "public", rateLimit: false },
      schema: {
        tags: ["health"],
        summary: "Readiness: the database answers",
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
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
    },
  );
};
