import { useId, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { BOQ_TYPES, PHOTO_TYPES, PRIVATE_FILE_MAX_BYTES, type PrivateFile } from '@nirmaan/shared/files';
import { RFQ_LIMITS } from '@nirmaan/shared/rfqs';
import { isPhoto, sizeText } from '../../../components/rfq-files.tsx';
import { refusalText } from '../../../lib/refusal.ts';
import { uploadRfqFile } from '../api/rfqs.ts';

/** A file the buyer attached: the name on their device (shown to them only) and the private file it became. */
export interface Attached { name: string; file: PrivateFile }

const ACCEPT = [...PHOTO_TYPES, ...BOQ_TYPES, '.pdf', '.xlsx', '.csv'].join(',');

/** What a picked file looks like to the browser; the server decides from its bytes. */
function kindOf(file: File): 'photo' | 'boq' | null {
  if (isPhoto(file.type)) return 'photo';
  if ((BOQ_TYPES as readonly string[]).includes(file.type) || /\.(pdf|xlsx|csv)$/i.test(file.name)) return 'boq';
  return null;
}

/** The files attached so far, each with its kind, size and Remove. */
function AttachedList({ files, onRemove }: { files: readonly Attached[]; onRemove: (fileId: string) => void }) {
  const { t } = useLingui();
  if (files.length === 0) return null;
  return (
    <ul className="list-unstyled small mt-2 mb-0" aria-label={t`Attached files`}>
      {files.map((a) => {
        const name = a.name;
        return (
          <li key={a.file.id} className="d-flex align-items-center gap-2 mb-1">
            <span>{name} <span className="text-body-secondary">({isPhoto(a.file.contentType) ? t`photo` : t`bill of quantities`}, {sizeText(a.file.size)})</span></span>
            <button type="button" className="btn btn-outline-danger btn-sm py-0" aria-label={t`Remove ${name}`} onClick={() => onRemove(a.file.id)}>
              <Trans>Remove</Trans>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Photos and a bill of quantities for a request (decision record 045): each picked file is checked here for its
 * kind, size and the request's limits (5 photos, one bill of quantities), then uploaded at once as a private file;
 * the request sends the ids. A refused file says why, by name, and the others go on.
 */
export function RfqFilePicker({ files, onChange, onBusy, already = [] }: {
  files: readonly Attached[]; onChange: (update: (prev: Attached[]) => Attached[]) => void; onBusy: (busy: boolean) => void;
  /** Files already on the request (adding to a sent request): they count toward its limits. */
  already?: readonly PrivateFile[];
}) {
  const { t } = useLingui();
  const id = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);

  const pick = async (list: File[]) => {
    const found: string[] = [];
    const kept = [...already, ...files.map((a) => a.file)];
    let photos = kept.filter((f) => isPhoto(f.contentType)).length;
    let boqs = kept.length - photos;
    const accepted: File[] = [];
    for (const f of list) {
      const name = f.name;
      const kind = kindOf(f);
      if (!kind) found.push(t`${name}: please attach a JPEG, PNG or WebP photo, or a PDF, Excel (.xlsx) or CSV file.`);
      else if (f.size > PRIVATE_FILE_MAX_BYTES) found.push(t`${name} is larger than 5 MB. Please attach a smaller file.`);
      else if (kind === 'photo' && photos >= RFQ_LIMITS.photosPerRequest) found.push(t`${name}: a request takes at most 5 photos.`);
      else if (kind === 'boq' && boqs >= RFQ_LIMITS.boqPerRequest) found.push(t`${name}: a request takes one bill of quantities.`);
      else {
        accepted.push(f);
        if (kind === 'photo') photos += 1;
        else boqs += 1;
      }
    }
    setProblems(found);
    if (accepted.length === 0) return;
    setUploading(accepted.length);
    onBusy(true);
    for (const f of accepted) {
      const name = f.name;
      try {
        const file = await uploadRfqFile(f);
        onChange((prev) => [...prev, { name, file }]);
      } catch (err) {
        const why = refusalText(err, t`It could not be uploaded. Please try again.`);
        found.push(`${name}: ${why}`);
        setProblems([...found]);
      }
      setUploading((n) => n - 1);
    }
    onBusy(false);
  };

  return (
    <section className="card card-body" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h6"><Trans>Photos and bill of quantities (optional)</Trans></h2>
      <p className="small text-body-secondary mb-2" id={`${id}-hint`}>
        <Trans>Up to 5 photos (JPEG, PNG or WebP) and one bill of quantities (PDF, Excel or CSV), 5 MB each. Only the sellers your request goes to can open them, so leave your phone number and email out of them.</Trans>
      </p>
      <label htmlFor={`${id}-input`} className="form-label small fw-semibold"><Trans>Attach files</Trans></label>
      <input
        id={`${id}-input`} type="file" className="form-control" accept={ACCEPT} multiple aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const list = [...(e.target.files ?? [])];
          e.target.value = '';
          void pick(list);
        }}
      />
      {uploading > 0 ? <p className="small mt-2 mb-0" role="status"><Plural value={uploading} one="Uploading # file…" other="Uploading # files…" /></p> : null}
      {problems.length > 0 ? (
        <div className="alert alert-danger small py-2 mt-2 mb-0" role="alert">
          {problems.map((p) => <div key={p}>{p}</div>)}
        </div>
      ) : null}
      <AttachedList files={files} onRemove={(fileId) => onChange((prev) => prev.filter((x) => x.file.id !== fileId))} />
    </section>
  );
}
