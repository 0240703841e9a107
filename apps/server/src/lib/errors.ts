import { ERROR_STATUS, type ErrorCode } from '@nirmaan/shared';

/** The one error type services throw; the error handler turns it into `{ message, code }`. */
export class AppError extends Error {
  readonly status: number;
  /** Which field of the request is wrong, as a schema refusal names it (`body.ProductMrp`), for forms. */
  issues?: { path: string; message: string }[];
  constructor(readonly code: ErrorCode, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

/** A 400 about one body field, shown beside that field. */
export function fieldError(field: string, message: string) {
  const err = new AppError('BAD_REQUEST', message);
  err.issues = [{ path: `body.${field}`, message }];
  return err;
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
