import type { ZSignupBody } from '@nirmaan/shared/auth';
import type { Locale } from '@nirmaan/shared/i18n';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import * as auth from '../modules/auth/service.ts';
import * as whatsapp from '../modules/whatsapp/service.ts';

/**
 * A customer's signup (POST /profiledata): the account, and the WhatsApp consent when the box was ticked, in one
 * transaction, so the consent (with its time and the screen "signup") exists exactly when the account does.
 */
export async function signUp(db: Db, body: z.output<typeof ZSignupBody>, language: Locale | null) {
  return auth.signUp(db, body, language, (tx, customer) => whatsapp.giveConsent(tx, { party: 'customer', id: customer.id }, body.whatsapp, 'signup'));
}
