import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PHOTO_TYPES, XLSX_TYPE, type PrivateFile } from '@nirmaan/shared/files';

/** A file's size as people read it: 840 KB, 2.4 MB. */
export const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export const isPhoto = (contentType: string) => (PHOTO_TYPES as readonly string[]).includes(contentType);

/** What a request's file is, in words: "Photo 2", "Bill of quantities (Excel)". `n` counts photos only. */
export function fileLabel(i18n: I18n, file: Pick<PrivateFile, 'contentType'>, n: number): string {
  if (isPhoto(file.contentType)) return i18n._(msg`Photo ${n}`);
  const format = file.contentType === XLSX_TYPE ? 'Excel' : file.contentType === 'text/csv' ? 'CSV' : 'PDF';
  return i18n._(msg`Bill of quantities (${format})`);
}

/**
 * The photos and bill of quantities on a request for quotes (decision record 045), each a link that downloads it:
 * only the buyer, the sellers the request went to and operators can open them.
 */
export function RfqFiles({ files, label }: { files: readonly PrivateFile[] | undefined; label: string }) {
  const { i18n } = useLingui();
  if (!files || files.length === 0) return null;
  let photos = 0;
  return (
    <div className="small">
      <span className="fw-semibold">{label}</span>
      <ul className="list-inline mb-0" aria-label={label}>
        {files.map((f) => {
          const name = fileLabel(i18n, f, isPhoto(f.contentType) ? ++photos : 0);
          return (
            <li key={f.id} className="list-inline-item">
              <a href={f.url} download>{name}</a> <span className="text-body-secondary">({sizeText(f.size)})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
