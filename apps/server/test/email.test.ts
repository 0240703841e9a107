import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import { appWithSmtp, decodeMail, type Smtp } from './support/smtp.ts';

let smtp: Smtp;
let t: TestApp;
appWithSmtp((s) => { ({ t, smtp } = s); });

describe('OTP mail through SMTP', () => {
  it('delivers the code to the customer’s inbox with text and HTML versions', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/sendotp', payload: { Email: 'Meera.Nair@Example.test' } });
    expect(res.statusCode).toBe(200);
    await t.app.outbox.poke();
    const mail = smtp.received.find((m) => m.to.includes('meera.nair@example.test'));
    expect(mail, 'mail received by the SMTP server').toBeDefined();
    const body = decodeMail(mail!.raw);
    expect(body).toMatch(/^From: Nirmaan <no-reply@nirmaan\.in>/m);
    expect(body).toMatch(/^Subject: Your Nirmaan verification code: \d{6}/m);
    const code = body.match(/code is (\d{6})/)![1]!;
    expect(body).toContain('text/plain');
    expect(body).toContain('text/html');
    expect(body).toContain('valid for 10 minutes');

    const verified = await t.app.inject({ method: 'POST', url: '/verifyotp', payload: { Email: 'meera.nair@example.test', otp: code } });
    expect(verified.json()).toEqual({ message: 'OTP verified' });
  });

  it('keeps a mail the SMTP server refused and delivers it on a later try', async () => {
    smtp.failNextMessages(1);
    await t.app.inject({ method: 'POST', url: '/sendotp', payload: { Email: 'retry@example.test' } });
    await t.app.outbox.poke();
    expect(smtp.received.some((m) => m.to.includes('retry@example.test'))).toBe(false);
    const [pending] = await t.db.select().from(emailOutbox).where(sql`${emailOutbox.to} = 'retry@example.test'`);
    expect(pending!.sentAt).toBeNull();
    expect(pending!.attempts).toBe(1);
    expect(pending!.lastError).toMatch(/busy/);

    await t.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(sql`${emailOutbox.id} = ${pending!.id}`);
    await t.app.outbox.poke();
    expect(smtp.received.some((m) => m.to.includes('retry@example.test'))).toBe(true);
  });

  it('has no dev mailbox when real SMTP is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
  });
});
