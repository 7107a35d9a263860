/** The server's one error type (DESIGN §6), serialised as {error: {code, title, message}}. */

import { ERRORS, type ErrorCode } from "../../shared/errors";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 502 | 503 | 504,
    readonly userMessage: string,
    readonly title?: string,
  ) {
    super(userMessage);
  }

  /** Builds an AppError from the shared catalogue (spec §8 texts). */
  static of(code: ErrorCode, status: AppError["status"], message?: string): AppError {
    const entry = ERRORS[code];
    return new AppError(code, status, message ?? entry.message, entry.title);
  }

  toBody() {
    return { error: { code: this.code, message: this.userMessage, ...(this.title ? { title: this.title } : {}) } };
  }
}
