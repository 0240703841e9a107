/**
 * The one part named `file` of a multipart/form-data body already read into memory (at most a few MB, the
 * route's body limit), or null when the body has none or is not well formed. No temporary files, no library.
 */
const MAX_PARTS = 10;
const HEADER_END = Buffer.from('\r\n\r\n');

export function boundaryOf(contentType: string | undefined): string | null {
  const match = /^multipart\/form-data\s*;.*?\bboundary=(?:"([^"]{1,70})"|([^;\s"]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

export function filePartOf(body: Buffer, boundary: string): Buffer | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const separator = Buffer.from(`\r\n--${boundary}`);
  if (!body.subarray(0, delimiter.length).equals(delimiter)) return null;
  let at = delimiter.length;
  for (let part = 0; part < MAX_PARTS; part++) {
    if (body.toString('latin1', at, at + 2) !== '\r\n') return null; // '--' (the end) or garbage: no file part
    const headersEnd = body.indexOf(HEADER_END, at + 2);
    if (headersEnd < 0) return null;
    const headers = body.toString('latin1', at + 2, headersEnd);
    const contentStart = headersEnd + HEADER_END.length;
    const next = body.indexOf(separator, contentStart);
    if (next < 0) return null;
    if (isFilePart(headers)) return body.subarray(contentStart, next);
    at = next + separator.length;
  }
  return null;
}

function isFilePart(headers: string) {
  const disposition = headers.split('\r\n').find((h) => /^content-disposition\s*:/i.test(h));
  return disposition !== undefined && /^content-disposition\s*:\s*form-data\s*;(.*;)?\s*name="file"(\s*;|\s*$)/i.test(disposition);
}
