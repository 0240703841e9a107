import sharp from 'sharp';
import { PRIVATE_FILE_MSG, UPLOAD_MAX_PIXELS, type PrivateFile } from '@nirmaan/shared';
import { AppError } from '../../lib/errors.ts';

type ContentType = PrivateFile['contentType'];
const IMAGE_FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** The type from the file's first bytes; the name and Content-Type a client sends say nothing. */
export function sniffType(bytes: Buffer): ContentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 8 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/**
 * What is stored for an upload: a photo decoded and re-encoded in its own format (which drops its metadata, a
 * phone's location among them, and anything else besides pixels); a PDF as sent, once its header and end
 * marker are where a PDF has them. Anything else is refused (415).
 */
export async function storableContent(bytes: Buffer): Promise<{ contentType: ContentType; bytes: Buffer }> {
  const contentType = sniffType(bytes);
  if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', PRIVATE_FILE_MSG.notAllowed);
  if (contentType === 'application/pdf') {
    if (!bytes.toString('latin1', Math.max(0, bytes.length - 1024)).includes('%%EOF')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', PRIVATE_FILE_MSG.notAllowed);
    return { contentType, bytes };
  }
  const format = IMAGE_FORMATS[contentType];
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' as const };
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', PRIVATE_FILE_MSG.notAllowed);
    return { contentType, bytes: await sharp(bytes, options).rotate().toFormat(format).toBuffer() };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new AppError('PAYLOAD_TOO_LARGE', PRIVATE_FILE_MSG.tooLarge);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PRIVATE_FILE_MSG.notAllowed);
  }
}
