import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

export interface Received { to: string[]; raw: string }

/** A real SMTP server on a random local port; `failNext` rejects the next message with a 451. */
export async function startSmtp() {
  const received: Received[] = [];
  let failNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        if (failNext > 0) {
          failNext--;
          const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          return callback(err);
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNextMessages: (n: number) => (failNext = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received message's text, its quoted-printable soft breaks and escapes undone. */
export const decodeMail = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The Subject header, its RFC 2047 encoded words (=?UTF-8?B?…?= or =?UTF-8?Q?…?=) decoded. */
export function subjectOf(raw: string): string {
  const header = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)![1]!.replace(/\r?\n[ \t]+/g, ' ');
  return header.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) => kind.toUpperCase() === 'B'
    ? Buffer.from(data, 'base64').toString('utf8')
    : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')).trim();
}

/** The text/plain part of a received mail, decoded (nodemailer sends non-ASCII text quoted-printable or base64). */
export function mailText(raw: string): string {
  const parts = raw.split(/\r?\n--/);
  const plain = parts.find((p) => /Content-Type: text\/plain/i.test(p))!;
  const [head, ...rest] = plain.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');
    return Buffer.from(bytes.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  }
  return body.replace(/\r\n/g, '\n');
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/**
 * A file's app that mails through a real SMTP server of its own: both started before the file's tests (then
 * handed to `ready`) and closed after them.
 */
export function appWithSmtp(ready: (started: { t: TestApp; smtp: Smtp }) => unknown) {
  const started: { t?: TestApp; smtp?: Smtp } = {};
  beforeAll(async () => {
    started.smtp = await startSmtp();
    started.t = await createTestApp({ SMTP_URL: started.smtp.url, MAIL_FROM: 'Nirmaan <no-reply@nirmaan.in>' });
    await ready({ t: started.t, smtp: started.smtp });
  });
  afterAll(async () => {
    await started.t?.close();
    await started.smtp?.close();
  });
}

/** Telugu digits (౦–౯) and Devanagari digits (०–९): numbers in mails are Latin in every language. */
export const NATIVE_DIGITS = /[\u0C66-\u0C6F\u0966-\u096F]/;
