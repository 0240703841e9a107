import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { failureText } from './api.ts';
import './form-messages.ts';
import { term } from './terms.ts';

/**
 * The vendor portal's fixed words that come from shared tables by their English value (docs/decisions/040): earning
 * and payout states, business types, KYC documents, invoice titles, vehicles, weekdays, charge types, delivery
 * windows and the spec's messages the portal shows. The wire keeps English; a screen shows `portalTerm(i18n, value)`.
 */
const WORDS: Record<string, MessageDescriptor> = {
  // Earnings (packages/shared/src/earnings.ts)
  'Awaiting payout account': msg`Awaiting payout account`, 'Being transferred': msg`Being transferred`, 'On hold': msg`On hold`,
  Released: msg`Released`, Transferred: msg`Transferred`, Reversed: msg`Reversed`, 'Commission owed': msg`Commission owed`,
  // Payout business types (packages/shared/src/payouts.ts)
  Individual: msg`Individual`, 'Sole proprietorship': msg`Sole proprietorship`, Partnership: msg`Partnership`, LLP: msg`LLP`,
  'Private limited company': msg`Private limited company`, 'Public limited company': msg`Public limited company`,
  // KYC documents (packages/shared/src/vendor-documents.ts)
  'PAN card': msg`PAN card`, 'GST certificate': msg`GST certificate`, 'Cancelled cheque': msg`Cancelled cheque`,
  // Invoice titles (packages/shared/src/gst.ts)
  'Tax Invoice': msg`Tax Invoice`, 'Bill of Supply': msg`Bill of Supply`, 'Credit Note': msg`Credit Note`,
  // Vehicles (packages/shared/src/delivery.ts)
  Tempo: msg`Tempo`, '407 mini-truck': msg`407 mini-truck`, '10-tonne truck': msg`10-tonne truck`, Tipper: msg`Tipper`,
  // Weekdays of the delivery form
  Sun: msg`Sun`, Mon: msg`Mon`, Tue: msg`Tue`, Wed: msg`Wed`, Thu: msg`Thu`, Fri: msg`Fri`, Sat: msg`Sat`,
  // A professional's charge types (packages/shared/src/constants.ts)
  'Per Hour': msg`Per Hour`, 'Per Day': msg`Per Day`, 'Per Visit': msg`Per Visit`,
  // The booking status a started job has (decision record 043)
  'In progress': msg`In progress`,
  // Delivery windows (packages/shared/src/constants.ts)
  'Morning, 9 am – 1 pm': msg`Morning, 9 am – 1 pm`, 'Afternoon, 1 pm – 6 pm': msg`Afternoon, 1 pm – 6 pm`,
  // The spec's and shared messages the portal shows, by their exact English
  'Your vendor account is awaiting approval. You can add products once it is approved.':
    msg`Your vendor account is awaiting approval. You can add products once it is approved.`,
  'Your account is awaiting approval. Customers will see your store once Nirmaan approves it; meanwhile you can complete your profile.':
    msg`Your account is awaiting approval. Customers will see your store once Nirmaan approves it; meanwhile you can complete your profile.`,
  'Please add a photo of the delivery.': msg`Please add a photo of the delivery.`,
  'Please enter the name of the person who received it.': msg`Please enter the name of the person who received it.`,
  'That file is larger than 5 MB. Please upload a smaller one.': msg`That file is larger than 5 MB. Please upload a smaller one.`,
  'Account created. It awaits approval: you can log in and complete your profile meanwhile.':
    msg`Account created. It awaits approval: you can log in and complete your profile meanwhile.`,
  'Please provide both email and password.': msg`Please provide both email and password.`,
  'Please check your credentials.': msg`Please check your credentials.`,
  'Please verify your OTP before logging in.': msg`Please verify your OTP before logging in.`,
  'Failed to log in after OTP verification': msg`Failed to log in after OTP verification`,
  'Login successful!': msg`Login successful!`,
  'Logged in successfully with OTP!': msg`Logged in successfully with OTP!`,
  'Please verify your email with OTP first.': msg`Please verify your email with OTP first.`,
  'Passwords do not match.': msg`Passwords do not match.`,
  'Failed to create account.': msg`Failed to create account.`,
};

/** A portal word (or a catalogue term: categories, units, statuses, payment methods) in the page's language; else as written. */
export function portalTerm(i18n: I18n, value: string): string {
  const descriptor = Object.hasOwn(WORDS, value) ? WORDS[value] : undefined;
  return descriptor ? i18n._(descriptor) : term(i18n, value);
}

/**
 * `failureText` in the page's language: the server's refusal (already in the request's language), else the screen's
 * fallback, and a server error in words the vendor reads.
 */
export function useFailureText() {
  const { i18n } = useLingui();
  // A refusal the server keeps English (the long forms' checks, decision record 039) is shown in the page's language too.
  return (err: unknown, fallback: string) => portalTerm(i18n, failureText(err, fallback, i18n._(msg`Server error. Try again later.`)));
}
