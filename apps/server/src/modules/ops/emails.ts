import { escapeHtml } from '../../lib/html.ts';
import type { Email } from '../../email/outbox.ts';

const page = (body: string) => `<!doctype html><html><body style="font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1e293b">
<h1 style="color:#c2410c;font-size:20px">Nirmaan</h1>${body}<p>— Team Nirmaan</p></body></html>`;
const mail = (to: string, subject: string, paragraphs: string[]): Email => ({
  to, subject, text: [...paragraphs, '', '— Team Nirmaan'].join('\n\n'), html: page(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')),
});

interface VendorAbout { email: string; ownerName: string; businessName: string }

export const vendorApprovedEmail = (v: VendorAbout) => mail(v.email, `${v.businessName} is approved on Nirmaan`, [
  `Namaste ${v.ownerName},`, `${v.businessName} is approved and now listed on Nirmaan: customers can find you in search and on your store page.`,
]);

export const vendorRejectedEmail = (v: VendorAbout, reason: string) => mail(v.email, `Your Nirmaan signup needs changes: ${v.businessName}`, [
  `Namaste ${v.ownerName},`, `We could not approve ${v.businessName} yet. Reason: ${reason}`,
  'Please log in to your vendor account, fix the details in your profile and press Resubmit; we will review it again.',
]);

export const vendorSuspendedEmail = (v: VendorAbout, reason: string) => mail(v.email, `${v.businessName} is suspended on Nirmaan`, [
  `Namaste ${v.ownerName},`, `${v.businessName} is suspended and no longer shown to customers. Reason: ${reason}`,
  'Please write to support@nirmaan.in to resolve it.',
]);

export const vendorUnsuspendedEmail = (v: VendorAbout) => mail(v.email, `${v.businessName} is listed again on Nirmaan`, [
  `Namaste ${v.ownerName},`, `The suspension of ${v.businessName} is lifted: customers can find you again.`,
]);
