import nodemailer from 'nodemailer';
import type { Email } from './outbox.ts';

export interface MailTransport {
  /** Where mail ends up, for logs: an SMTP host or the dev outbox. */
  readonly name: string;
  send(email: Email): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: `smtp ${new URL(url).host}`,
    async send(email) {
      await transporter.sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP_URL mail stays in the outbox table, readable at /dev/mailbox. */
export const devOutboxTransport: MailTransport = {
  name: 'dev outbox (/dev/mailbox)',
  async send() {},
  close() {},
};
