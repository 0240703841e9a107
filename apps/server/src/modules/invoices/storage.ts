import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where invoice PDFs are kept: one small pair of functions, so another backend (object storage) can take their
 * place. Today a folder `invoices/` inside the uploads directory; the public `/uploads/{file}` route serves only
 * image names at its top level, never this folder.
 */

const keyOf = (id: string) => `invoices/${id}.pdf`;

/** Writes the PDF whole (aside, then renamed into place) and returns its key. */
export async function storePdf(dir: string, id: string, pdf: Buffer): Promise<string> {
  const key = keyOf(id);
  const final = path.join(dir, key);
  await mkdir(path.dirname(final), { recursive: true });
  const aside = `${final}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(aside, pdf, { flag: 'wx' });
    await rename(aside, final);
  } catch (err) {
    await unlink(aside).catch(() => undefined);
    throw err;
  }
  return key;
}

/** The stored PDF, or null when it is not there. */
export async function readStoredPdf(dir: string, key: string): Promise<Buffer | null> {
  if (!/^invoices\/[0-9a-f-]{36}\.pdf$/.test(key)) return null;
  return readFile(path.join(dir, key)).catch(() => null);
}
