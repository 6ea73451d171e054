import type { Socket } from "node:net";
import {
  AppError,
  type ErrorCode,
  errorMessage,
  errorStatus,
  hasForbiddenCharacters,
  messages,
} from "@vn/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

/** Fastify's own error codes for bad input, mapped to our catalogue. */
const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "request_malformed",
  FST_ERR_CTP_EMPTY_JSON_BODY: "request_malformed",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "request_malformed",
  FST_ERR_CTP_BODY_TOO_LARGE: "request_payloadTooLarge",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "request_unsupportedMediaType",
  FST_ERR_CTP_INVALID_TYPE: "request_malformed",
  FST_ERR_VALIDATION: "request_validationFailed",
  // The router's: a path that is not valid percent-encoded UTF-8, a path parameter past maxParamLength.
  FST_ERR_BAD_URL: "request_malformed",
  FST_ERR_MAX_PARAM_LENGTH: "request_uriTooLong",
};

const statusCodes: Record<number, ErrorCode> = {
  400: "request_malformed",
  401: "request_unauthenticated",
  403: "request_forbidden",
  404: "request_notFound",
  408: "request_clientTimeout",
  409: "request_conflict",
  413: "request_payloadTooLarge",
  414: "request_uriTooLong",
  415: "request_unsupportedMediaType",
  429: "request_tooMany",
  431: "request_headersTooLarge",
};

interface Resolved {
  code: ErrorCode;
  status: number;
  message: string;
  details?: unknown;
}

function resolve(error: FastifyError | AppError | Error): Resolved {
  if (error instanceof AppError) {
    return { code: error.code, status: error.status, message: error.message, details: error.details };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: `${error.validationContext ?? "body"}${issue.instancePath.replaceAll("/", ".")}`,
      message: issue.message,
    }));
    return {
      code: "request_validationFailed",
      status: errorStatus("request_validationFailed"),
      message: errorMessage("request_validationFailed"),
      details,
    };
  }
  const fastifyError = error as FastifyError;
  const byCode = fastifyError.code ? frameworkCodes[fastifyError.code] : undefined;
  const byStatus =
    fastifyError.statusCode && fastifyError.statusCode < 500
      ? statusCodes[fastifyError.statusCode]
      : undefined;
  const code = byCode ?? byStatus;
  if (code) return { code, status: errorStatus(code), message: errorMessage(code) };
  return { code: "server_internal", status: 500, message: errorMessage("server_internal") };
}

/** Every failure's answer: the catalogue's status and `{error:{code,message,details}}`. */
function answer(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const resolved = resolve(error);
  if (resolved.status >= 500) {
    // The cause stays in the log; the client gets the catalogue's words only.
    request.log.error({ err: error, code: resolved.code }, "request failed");
  } else {
    request.log.warn({ code: resolved.code, reason: error.message }, "request refused");
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error.cause }, "response did not match its schema");
  }
  if (resolved.status === 429 && !reply.hasHeader("retry-after")) reply.header("retry-after", "60");
  return reply.status(resolved.status).send({
    error: {
      code: resolved.code,
      message: resolved.message,
      ...(resolved.details === undefined ? {} : { details: resolved.details }),
    },
  });
}

/**
 * The router's refusals before any route runs (Fastify's `frameworkErrors` option): a path that is
 * not valid percent-encoded UTF-8 (`/%C0%AF`, `/%FF`) is a 400 and a path parameter longer than
 * the router takes a 414, both in the catalogue's shape instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void answer(error, request, reply);
}

/** Node's HTTP parser's refusals → the catalogue's code (anything else it cannot read is a 400). */
function parserCode(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === "HPE_HEADER_OVERFLOW") return "request_headersTooLarge";
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return "request_clientTimeout";
  return "request_malformed";
}

/**
 * What Node's HTTP parser refuses never becomes a request (Fastify's `clientErrorHandler`): an
 * over-long request line or headers (431), a malformed request (400), a request that took too
 * long to arrive (408). Answered on the raw socket in the catalogue's shape, then the socket
 * closes, as Node's own handler does.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A reset connection has no one left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const code = parserCode(error);
  this.log.debug({ code, reason: error.code }, "client error");
  // A response already under way on this socket (keep-alive) cannot be followed by another.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !pending?.headersSent) {
    const status = errorStatus(code);
    const body = JSON.stringify({ error: { code, message: errorMessage(code) } });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Bad Request"}\r\n` +
        "content-type: application/json; charset=utf-8\r\n" +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        "x-content-type-options: nosniff\r\n" +
        "connection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy(error);
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

/**
 * Where in a request a string breaks the text rule (contract text.ts hasForbiddenCharacters: NUL,
 * control characters, broken Unicode), as the validation details name it (`body.content`,
 * `querystring.search`, `params.slug`); keys count too. Only plain values are walked (JSON, query
 * strings, form fields), not Buffers or streams of uploads.
 */
function forbiddenTextPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return hasForbiddenCharacters(value) ? path : null;
  if (value === null || typeof value !== "object" || depth > 64) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = forbiddenTextPath(item, `${path}.${index}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (hasForbiddenCharacters(key)) return path;
    const found = forbiddenTextPath(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    answer(error, request, reply),
  );

  app.setNotFoundHandler((request, reply) => {
    request.log.warn({ code: "request_notFound", url: request.url }, "route not found");
    return reply
      .status(404)
      .send({ error: { code: "request_notFound", message: errorMessage("request_notFound") } });
  });

  // The text rule for every string of every request, whatever its schema says (issue 11): a NUL
  // or control character is a 422 with the catalogue's words before any handler or query runs,
  // never a 500 from PostgreSQL ("invalid byte sequence") or text no reader can see.
  // A callback hook: it runs on every request, and an async one costs a promise each (issue 17).
  app.addHook("preValidation", (request, _reply, done) => {
    const path =
      forbiddenTextPath(request.params, "params") ??
      forbiddenTextPath(request.query, "querystring") ??
      forbiddenTextPath(request.body, "body");
    if (!path) return done();
    done(
      new AppError("request_validationFailed", {
        details: [{ path, message: messages.textControlCharacters }],
      }),
    );
  });
}
