import { AppError, type ErrorCode, errorMessage, errorStatus } from "@vn/contract";
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
};

const statusCodes: Record<number, ErrorCode> = {
  400: "request_malformed",
  401: "request_unauthenticated",
  403: "request_forbidden",
  404: "request_notFound",
  409: "request_conflict",
  413: "request_payloadTooLarge",
  415: "request_unsupportedMediaType",
  429: "request_tooMany",
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
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
  });

  app.setNotFoundHandler((request, reply) => {
    request.log.warn({ code: "request_notFound", url: request.url }, "route not found");
    return reply
      .status(404)
      .send({ error: { code: "request_notFound", message: errorMessage("request_notFound") } });
  });
}
