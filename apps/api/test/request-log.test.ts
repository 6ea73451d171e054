import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { testConfig } from "../src/config";
import { lazyChildLogger, loggerOptions, RequestLog } from "../src/lib/logger";

/**
 * The lazy request logger (issue 17) writes what pino's child did, line for line: the request
 * line, the handlers' own lines, children, errors and a route with a level of its own.
 */
async function linesOf(lazy: boolean): Promise<string[]> {
  const lines: string[] = [];
  let sequence = 0;
  const app = Fastify({
    logger: {
      ...loggerOptions(testConfig({ LOG_LEVEL: "info" })),
      stream: { write: (line: string) => lines.push(line) },
    },
    ...(lazy ? { childLoggerFactory: lazyChildLogger } : {}),
    genReqId: () => `id-${++sequence}`,
    logController: new RequestLog({ disableRequestLogging: false }),
  });
  app.get("/a", async (request) => {
    request.log.info({ a: 1, token: "x" }, "m %s", "s");
    request.log.debug("not at info");
    return { ok: 1 };
  });
  app.get("/b", async () => {
    throw new Error("boom");
  });
  app.get("/c", async (request) => {
    request.log.child({ k: 2 }).warn("child");
    request.log.info("plain");
    return "x";
  });
  app.get("/d", { logLevel: "warn" }, async (request) => {
    request.log.info("hidden");
    request.log.warn("shown");
    return "x";
  });
  for (const url of ["/a", "/b", "/c", "/d", "/nowhere", "/a"]) {
    await app.inject({ url, headers: { authorization: "secret" } });
  }
  await app.close();
  return lines.map((line) =>
    line
      .replace(/"time":\d+/, "")
      .replace(/"responseTime":[\d.e-]+/, "")
      .replace(/"stack":"[^"]*"/, ""),
  );
}

describe("request logger", () => {
  it("writes the same lines as pino's per-request child", async () => {
    const eager = await linesOf(false);
    const lazy = await linesOf(true);
    expect(lazy).toEqual(eager);
    expect(lazy.filter((line) => line.includes('"msg":"request completed"'))).toHaveLength(5);
    expect(lazy[1]).toContain('"reqId":"id-1","method":"GET","url":"/a","statusCode":200');
  });

  it("makes no child for a request that writes nothing", () => {
    let children = 0;
    const parent = {
      level: "info",
      isLevelEnabled: (level: string) => level !== "debug" && level !== "trace",
      child: () => {
        children += 1;
        return parent;
      },
      info: () => {},
      debug: () => {},
    };
    const log = lazyChildLogger(parent as never, { reqId: "r" }, {});
    log.debug("skipped");
    expect(children).toBe(0);
    log.info("written");
    expect(children).toBe(1);
    expect(lazyChildLogger(parent as never, { reqId: "r" }, { level: "warn" })).toBe(parent);
  });
});
