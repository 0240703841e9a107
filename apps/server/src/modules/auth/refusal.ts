import { AppError } from '../../lib/errors.ts';

/**
 * A login or code refusal the user must read (wrong password, wrong, expired or used code, no such account).
 * It is an AppError with its usual 4xx status everywhere but on the spec's login calls, whose routes (http/auth.ts)
 * answer it with 200, its message and its code (docs/decisions/013): the original client reads refusals only from
 * 2xx answers.
 */
export class LoginRefusal extends AppError {}
