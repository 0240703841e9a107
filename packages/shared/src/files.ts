import { z } from 'zod';

/**
 * Private files (KYC documents, dispute photos): never under /uploads/. Uploaded with `POST /api/files`
 * (multipart, one part named `file`; JPEG, PNG, WebP or PDF) by a logged-in customer or vendor, who owns it;
 * read with `GET /api/files/{id}` by its owner and by operators only (anyone else: 404).
 */
export const PRIVATE_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const PRIVATE_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** Photos, as private files take them (re-encoded without their metadata). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * A bill of quantities on a request for quotes (`POST /api/rfqs/files`, decision record 045): a PDF, an Excel
 * workbook (.xlsx, without macros) or a CSV, each recognised from its bytes.
 */
export const BOQ_TYPES = ['application/pdf', XLSX_TYPE, 'text/csv'] as const;
/** Every type a private file can have. */
export const STORED_FILE_TYPES = [...PHOTO_TYPES, ...BOQ_TYPES] as const;
export type StoredFileType = (typeof STORED_FILE_TYPES)[number];

export const ZPrivateFile = z.object({
  id: z.uuid(),
  contentType: z.enum(STORED_FILE_TYPES),
  size: z.number().int().nonnegative(),
  /** Where the owner's browser reads it: `/api/files/{id}`. */
  url: z.string(),
});
export type PrivateFile = z.infer<typeof ZPrivateFile>;

/** A list of private file ids a request refers to (dispute photos, KYC documents): at most 5, each the sender's own. */
export const ZPrivateFileIds = z.array(z.uuid({ message: 'A photo or document id is not valid.' }))
  .max(5, { message: 'At most 5 photos or documents.' });

/** What a refused private upload or read says; the disputes and KYC forms show these. */
export const PRIVATE_FILE_MSG = {
  noFile: 'Please choose a file to upload (multipart/form-data, one part named "file").',
  notAllowed: 'Please upload a JPEG, PNG or WebP photo, or a PDF.',
  /** For a request for quotes (`POST /api/rfqs/files`). */
  notPhotoOrBoq: 'Please attach a JPEG, PNG or WebP photo, or a bill of quantities as a PDF, Excel (.xlsx) or CSV file.',
  tooLarge: 'That file is larger than 5 MB. Please upload a smaller one.',
  limited: (wait: string) => `You have uploaded many files in the last hour. Please try again in ${wait}.`,
  notFound: 'No such file.',
  notYours: 'A photo or document is not one you uploaded. Please upload it again.',
} as const;
