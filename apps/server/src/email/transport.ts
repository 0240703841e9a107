import type { Transporter } from 'nodemailer';
import type { Email } from './outbox.ts';

export interface MailTransport {
  /** Where mail ends up, for logs: an SMTP host or the dev outbox. */
  readonly name: string;
  send(email: Email): Promise<void>;
  close(): void;
}

/** nodemailer is loaded with the first mail sent, not with the server. */
export function smtpTransport(url: string, from: string): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  return {
    name: `smtp ${new URL(url).host}`,
    async send(email) {
      transporter ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(url));
      await (await transporter).sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    },
    close: () => void transporter?.then((opened) => opened.close()),
  };
}

/** Without SMTP_URL mail stays in the outbox table, readable at /dev/mailbox. */
export const devOutboxTransport: MailTransport = {
  name: 'dev outbox (/dev/mailbox)',
  async send() {},
  close() {},
};
