import { AppError } from '../../lib/errors.ts';

/**
 * A login or code refusal the user must read (wrong password, wrong, expired or used code, no such account).
 * It is an AppError with its usual 4xx status everywhere but on the spec's login calls, whose routes answer it
 * with 200, its message and its code (docs/decisions/013): the original client reads refusals only from 2xx answers.
 */
export class LoginRefusal extends AppError {}

/** What the spec's login calls answer for a refusal; anything else (429, 5xx) keeps its status. */
export async function refusalAsAnswer<T>(work: Promise<T>): Promise<T | { message: string; code: string }> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof LoginRefusal) return { message: err.message, code: err.code };
    throw err;
  }
}
