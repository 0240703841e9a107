import { z } from 'zod';
import { ZPrivateFile } from './files.ts';

/**
 * A vendor's KYC documents (PAN card, GST certificate, cancelled cheque): private files the vendor uploaded
 * (`POST /api/files`), attached with `PUT /api/vendor/documents`, read back with `GET /api/vendor/documents`,
 * and shown to operators in the vendor approval queue.
 */
export const VENDOR_DOCUMENT_KINDS = ['panCard', 'gstCertificate', 'cancelledCheque'] as const;
export type VendorDocumentKind = (typeof VENDOR_DOCUMENT_KINDS)[number];
export const VENDOR_DOCUMENT_LABELS: Record<VendorDocumentKind, string> = {
  panCard: 'PAN card',
  gstCertificate: 'GST certificate',
  cancelledCheque: 'Cancelled cheque',
};

export const ZVendorDocument = z.object({
  kind: z.enum(VENDOR_DOCUMENT_KINDS),
  file: ZPrivateFile,
  updatedAt: z.string(),
});
export type VendorDocument = z.infer<typeof ZVendorDocument>;
export const ZVendorDocuments = z.object({ documents: z.array(ZVendorDocument) });
export type VendorDocuments = z.infer<typeof ZVendorDocuments>;

const fileIdOf = (label: string) => z.uuid({ message: `${label}: that file id is not valid.` }).nullable().optional();
/** Each kind given is set to that file (one of the vendor's own uploads) or removed (null); kinds left out stay. */
export const ZVendorDocumentsBody = z.object({
  panCard: fileIdOf(VENDOR_DOCUMENT_LABELS.panCard),
  gstCertificate: fileIdOf(VENDOR_DOCUMENT_LABELS.gstCertificate),
  cancelledCheque: fileIdOf(VENDOR_DOCUMENT_LABELS.cancelledCheque),
}).strict();
export type VendorDocumentsBody = z.infer<typeof ZVendorDocumentsBody>;

export const VENDOR_DOCUMENT_MSG = {
  notYours: 'That file is not one you uploaded. Please upload the document again.',
} as const;
