import sharp from 'sharp';
import { BOQ_TYPES, PHOTO_TYPES, PRIVATE_FILE_MSG, PRIVATE_FILE_TYPES, UPLOAD_MAX_PIXELS, XLSX_TYPE, type StoredFileType } from '@nirmaan/shared';
import { AppError } from '../../lib/errors.ts';
import { scrubbedWorkbook } from './xlsx.ts';

const IMAGE_FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;
/** Control characters no CSV has (tab, line feed and carriage return are allowed). */
// eslint-disable-next-line no-control-regex
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The type from the file's bytes; the name and Content-Type a client sends say nothing. A zip is a type only when
 * it is an Excel workbook; text is a CSV only when it is UTF-8 without control characters and not markup.
 */
export function sniffType(bytes: Buffer): StoredFileType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 8 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  if (bytes.length >= 4 && bytes.toString('latin1', 0, 4) === 'PK\x03\x04') return XLSX_TYPE;
  if (isCsv(bytes)) return 'text/csv';
  return null;
}

function isCsv(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return false;
  }
  const body = text.trimStart();
  return body.length > 0 && !NOT_TEXT.test(text) && !body.startsWith('<');
}

/** What an upload may be, and what a refused one is told: a private file's types, or a request for quotes'. */
export interface UploadRule { types: readonly StoredFileType[]; refused: () => AppError }
export const UPLOAD_RULES = {
  /** POST /api/files: KYC documents, dispute and delivery photos. */
  private: { types: PRIVATE_FILE_TYPES, refused: () => new AppError('UNSUPPORTED_MEDIA_TYPE', PRIVATE_FILE_MSG.notAllowed) },
  /** POST /api/rfqs/files: photos and a bill of quantities (decision record 045). */
  request: { types: [...PHOTO_TYPES, ...BOQ_TYPES], refused: () => new AppError('UNSUPPORTED_MEDIA_TYPE', PRIVATE_FILE_MSG.notPhotoOrBoq) },
} satisfies Record<string, UploadRule>;

/**
 * What is stored for an upload of one of the rule's types: a photo decoded and re-encoded in its own format
 * (which drops its metadata, a phone's location among them, and anything else besides pixels); a PDF as sent,
 * once its header and end marker are where a PDF has them; an Excel workbook without macros, its author and
 * company blanked; a CSV as sent. Anything else is refused (415, in the rule's words).
 */
export async function storableContent(bytes: Buffer, rule: UploadRule): Promise<{ contentType: StoredFileType; bytes: Buffer }> {
  const contentType = sniffType(bytes);
  if (!contentType || !rule.types.includes(contentType)) throw rule.refused();
  if (contentType === 'application/pdf') {
    if (!bytes.toString('latin1', Math.max(0, bytes.length - 1024)).includes('%%EOF')) throw rule.refused();
    return { contentType, bytes };
  }
  if (contentType === XLSX_TYPE) {
    const workbook = scrubbedWorkbook(bytes);
    if (!workbook) throw rule.refused();
    return { contentType, bytes: workbook };
  }
  if (contentType === 'text/csv') return { contentType, bytes };
  const format = IMAGE_FORMATS[contentType];
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' as const };
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== format) throw rule.refused();
    return { contentType, bytes: await sharp(bytes, options).rotate().toFormat(format).toBuffer() };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new AppError('PAYLOAD_TOO_LARGE', PRIVATE_FILE_MSG.tooLarge);
    throw rule.refused();
  }
}
