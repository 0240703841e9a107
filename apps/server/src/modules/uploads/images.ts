import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS, UPLOAD_MAX_SIDE, UPLOAD_MSG } from '@nirmaan/shared';
import { AppError } from '../../lib/errors.ts';

type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The file's type from its first bytes; the name and Content-Type a client sends say nothing. */
export function sniffImage(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Decodes a JPEG, PNG or WebP and re-encodes it as WebP, at most UPLOAD_MAX_SIDE px on the long side.
 * Re-encoding drops whatever else the file carried (metadata, trailing bytes, a polyglot's payload).
 * The pixel limit is checked from the header before decoding, so a decompression bomb costs nothing.
 */
export async function toWebp(bytes: Buffer): Promise<Buffer> {
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.notImage);
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' as const };
  const meta = await sharp(bytes, options).metadata().catch((err: unknown) => {
    throw refusalOf(err);
  });
  const format = meta.format;
  const pixels = (meta.width ?? 0) * (meta.height ?? 0) * (meta.pages ?? 1);
  if (format !== sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MSG.notImage);
  if (pixels > UPLOAD_MAX_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooManyPixels);
  try {
    return await sharp(bytes, options)
      .rotate()
      .resize({ width: UPLOAD_MAX_SIDE, height: UPLOAD_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (err) {
    throw refusalOf(err);
  }
}

const refusalOf = (err: unknown) => (err instanceof Error && /pixel limit/i.test(err.message)
  ? new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MSG.tooManyPixels)
  : new AppError('BAD_REQUEST', UPLOAD_MSG.unreadable));
