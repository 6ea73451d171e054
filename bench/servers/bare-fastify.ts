import Fastify from "fastify";

/**
 * The frame's own baseline: a Fastify app with no plugins, no hooks and no logger, answering the
 * same JSON as /api/health. The API's goal (issue 17) is a share of this, measured in the same run.
 */
const app = Fastify({ logger: false });
app.get("/api/health", async () => ({ status: "ok", uptimeSeconds: 0, version: "0.0.0" }));
const url = await app.listen({ host: "127.0.0.1", port: 0 });
console.log(JSON.stringify({ msg: `Server listening at ${url}`, pid: process.pid }));
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
