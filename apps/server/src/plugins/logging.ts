import pino, { type DestinationStream, type LoggerOptions } from 'pino';

/** Fields that must never reach a log line, wherever they appear in a logged object. */
const SECRET_KEYS = [
  'password', 'Password', 'passwordHash', 'password_hash', 'otp', 'code', 'codeHash', 'code_hash', 'token', 'tokenHash',
  'token_hash', 'credential', 'cookie', 'authorization', 'secret', 'razorpay_signature', 'params', 'parameters',
  // Payout accounts (decision record 017): a bank account number is never logged, masked or not; nor a PAN (015).
  'accountNumber', 'account_number', 'bankAccount', 'bank_account', 'pan',
  // A line's delivery code (decision 032) opens the door to the goods and the vendor's money.
  'deliveryCode', 'delivery_code',
  // A booking's start code (decision 043) proves the professional's visit and releases their money.
  'startCode', 'start_code',
];
const REDACT_PATHS = [
  'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/**
 * A database error's message carries the SQL and its parameters (Drizzle's "Failed query: … params: …"), or
 * the offending value (PostgreSQL's "invalid input syntax for type integer: \"…\""): keep only the code.
 */
const describeDatabaseError = (e: { message?: unknown; code?: unknown; cause?: unknown; severity?: unknown }): string | undefined => {
  if (typeof e.message === 'string' && e.message.startsWith('Failed query')) {
    const code = (e.cause as { code?: unknown } | undefined)?.code ?? e.code;
    return `database query failed${code ? ` (SQLSTATE ${String(code)})` : ''}`;
  }
  if (typeof e.severity === 'string' && typeof e.code === 'string') return `PostgreSQL error (SQLSTATE ${e.code})`;
  return undefined;
};

/** pino's err serializer, minus SQL text, parameters and anything secret on the error or its causes. */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const out = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  const safeMessage = describeDatabaseError(err as never);
  for (const key of ['query', 'params', 'parameters', 'detail', 'hint', 'where', 'internalQuery', 'queryOptions', 'cause']) delete out[key];
  if (safeMessage) {
    out.message = safeMessage;
    out.stack = typeof out.stack === 'string' ? `${safeMessage}\n${out.stack.split('\n').filter((l) => l.trimStart().startsWith('at ')).join('\n')}` : undefined;
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error) out.cause = serializeError(cause);
  return out;
}

/** The server's logger options: pino, redacted, with safe error records. */
export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, cause: serializeError },
    ...(stream ? { stream } : {}),
  };
}
