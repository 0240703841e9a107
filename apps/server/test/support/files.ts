import type { FastifyInstance } from 'fastify';

/** A multipart/form-data body as browsers send it, with the file in a part named `name`. */
export function multipart(bytes: Buffer, opts: { name?: string; filename?: string; type?: string } = {}) {
  const boundary = '----NirmaanFormBoundary7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}\r\n`
    + `Content-Disposition: form-data; name="${opts.name ?? 'file'}"; filename="${opts.filename ?? 'scan.pdf'}"\r\nContent-Type: ${opts.type ?? 'application/pdf'}\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const upload = (app: FastifyInstance, headers: Record<string, string>, bytes: Buffer, opts: Parameters<typeof multipart>[1] = {}) => {
  const body = multipart(bytes, opts);
  return app.inject({ method: 'POST', url: '/api/files', headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
};
