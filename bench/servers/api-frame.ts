import { buildApp, type FramePart, frameParts } from "../../apps/api/src/app";
import { loadConfig } from "../../apps/api/src/config";
import { attachRealtime } from "../../apps/api/src/realtime/index";

/**
 * The API as server.ts starts it (app, then the socket hub on its HTTP server; no jobs), less the
 * frame parts named in FRAME_WITHOUT (comma-separated: a part of apps/api/src/app.ts frameParts, or
 * "realtime"). bench/frame.bench.ts starts one per part to measure what each costs on /api/health.
 */
const without = (process.env.FRAME_WITHOUT ?? "").split(",").filter(Boolean);
for (const part of without) {
  if (part !== "realtime" && !(frameParts as readonly string[]).includes(part))
    throw new Error(`FRAME_WITHOUT: unknown part ${part}`);
}
const app = await buildApp(loadConfig(), { without: without as FramePart[] });
if (!without.includes("realtime")) app.deps.realtime = await attachRealtime(app);
const url = await app.listen({ host: "127.0.0.1", port: 0 });
// Said here too: without the logger part Fastify says nothing.
console.log(JSON.stringify({ msg: `Server listening at ${url}`, pid: process.pid }));
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
