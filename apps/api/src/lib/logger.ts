import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pino from "pino";
import type { Config } from "../config";

/**
 * Request ids: this process's random prefix and a counter, so no crypto call per request (issue 17)
 * and still unique across processes and restarts (48 random bits each start): the audit log and
 * error lines of several API nodes can be told apart by id alone.
 */
const processPrefix = randomBytes(6).toString("hex");
let sequence = 0;
const plainId = /^[A-Za-z0-9._-]{8,64}$/;

/** Honour a caller's request id when it is short and plain (proxies set it), else mint one. */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"];
  if (typeof incoming === "string" && plainId.test(incoming)) return incoming;
  sequence += 1;
  return `${processPrefix}-${sequence.toString(36)}`;
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

/**
 * Where lines go when no test stream is given: stdout, written asynchronously (a request never
 * waits for the pipe). pino flushes what is buffered when the process exits, SIGTERM included.
 */
export function logDestination() {
  return pino.destination({ dest: 1, sync: false });
}

/**
 * One line per request, when it is answered, with what a trail needs (Fastify's own is two
 * lines, the request's and the response's, each with serializers). Off with LOG_REQUESTS=false.
 */
export class RequestLog extends LogController {
  /** At debug level only: the shutdown test waits for it to know a request is in hand. */
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ method: request.method, url: request.url }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ip: request.ip,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
