import { SMTPServer } from 'smtp-server';

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
