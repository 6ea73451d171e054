import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Config } from "../config";

/** Honour a caller's request id when it is short and plain (proxies set it), else mint one. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"];
  if (typeof incoming === "string" && /^[A-Za-z0-9._-]{8,64}$/.test(incoming)) return incoming;
  return randomUUID();
}

export function loggerOptions(config: Config) {
  return {
    level: config.LOG_LEVEL,
    // Secrets never reach the log, whichever route they arrive on.
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.token",
      ],
      censor: "[redacted]",
    },
  };
}
