import { ERROR_STATUS, type ErrorCode } from '@nirmaan/shared';

/** The one error type services throw; the error handler turns it into `{ message, code }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(readonly code: ErrorCode, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
