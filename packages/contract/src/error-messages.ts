/**
 * The default texts of the error catalogue (errors.ts), apart from the codes so that code needing
 * only the codes (schemas the browser loads) does not carry every message (decision 0027).
 */
import { type ErrorCode, errorMessageKey, errorStatus } from "./errors";
import { messages } from "./messages";

export function errorMessage(code: ErrorCode): string {
  return messages[errorMessageKey(code)];
}

/** Thrown by services; the API's error handler turns it into ApiErrorBody with the catalogue status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  constructor(code: ErrorCode, options: { message?: string; details?: unknown; cause?: unknown } = {}) {
    super(options.message ?? errorMessage(code), { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = errorStatus(code);
    this.details = options.details;
  }
}
