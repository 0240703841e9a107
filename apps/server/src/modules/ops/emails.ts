import type { Locale } from '@nirmaan/shared/i18n';
import { escapeHtml } from '../../lib/html.ts';
import { mailLocale, t } from '../../lib/i18n.ts';
import type { Email } from '../../email/outbox.ts';

/** The mails of support's decisions on a vendor, in the vendor account's language (issue 33; none set: English). */
const page = (body: string, l: Locale) => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${body}<p>${escapeHtml(t(l, '— Team Nirmaan'))}</p></body></html>`;
const mail = (to: string, subject: string, paragraphs: string[], l: Locale): Email => ({
  to, subject, text: [...paragraphs, '', t(l, '— Team Nirmaan')].join('\n\n'), html: page(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''), l),
});

interface VendorAbout { email: string; ownerName: string; businessName: string; language?: Locale | null }

export const vendorApprovedEmail = (v: VendorAbout, l = mailLocale(v.language)) => mail(v.email, t(l, '{business} is approved on Nirmaan', { business: v.businessName }), [
  t(l, 'Namaste {name},', { name: v.ownerName }),
  t(l, '{business} is approved and now listed on Nirmaan: customers can find you in search and on your store page.', { business: v.businessName }),
], l);

export const vendorRejectedEmail = (v: VendorAbout, reason: string, l = mailLocale(v.language)) => mail(v.email, t(l, 'Your Nirmaan signup needs changes: {business}', { business: v.businessName }), [
  t(l, 'Namaste {name},', { name: v.ownerName }), t(l, 'We could not approve {business} yet. Reason: {reason}', { business: v.businessName, reason }),
  t(l, 'Please log in to your vendor account, fix the details in your profile and press Resubmit; we will review it again.'),
], l);

export const vendorSuspendedEmail = (v: VendorAbout, reason: string, l = mailLocale(v.language)) => mail(v.email, t(l, '{business} is suspended on Nirmaan', { business: v.businessName }), [
  t(l, 'Namaste {name},', { name: v.ownerName }), t(l, '{business} is suspended and no longer shown to customers. Reason: {reason}', { business: v.businessName, reason }),
  t(l, 'Please write to support@nirmaan.in to resolve it.'),
], l);

export const vendorUnsuspendedEmail = (v: VendorAbout, l = mailLocale(v.language)) => mail(v.email, t(l, '{business} is listed again on Nirmaan', { business: v.businessName }), [
  t(l, 'Namaste {name},', { name: v.ownerName }), t(l, 'The suspension of {business} is lifted: customers can find you again.', { business: v.businessName }),
], l);
