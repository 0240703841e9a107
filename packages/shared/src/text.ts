import { z } from 'zod';

/** Text PostgreSQL can store: no NUL characters and no lone (unpaired) UTF-16 surrogates. */
export const isSafeText = (s: string) => !s.includes('\0') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

export const UNSAFE_TEXT_MESSAGE = 'Text may not contain NUL characters or broken unicode.';

/** A string of safe text: the base of every text field a client sends. */
export const text = () => z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE);

/** The longest address SMTP can deliver to (RFC 5321's path limit, less its angle brackets). */
export const EMAIL_MAX = 254;
export const EMAIL_TOO_LONG = `An email address can be at most ${EMAIL_MAX} characters.`;
