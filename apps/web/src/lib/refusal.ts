import { ApiError } from './api.ts';

/** The server's own message for a refusal it explained (4xx), else the screen's text for a failure. */
export function refusalText(err: unknown, fallback: string) {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : fallback;
}
