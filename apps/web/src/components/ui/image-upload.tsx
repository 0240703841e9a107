import { useId, useState } from 'react';
import { ZUploadResponse } from '@nirmaan/shared/vendor-products';
import { api, failureText } from '../../lib/api.ts';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * A vendor's image: the file goes to POST /api/vendor/uploads as it is chosen, and the field holds the url the
 * server gives back (only our own uploads are accepted by the calls that save images).
 */
export function ImageUpload({ label, value, onChange, onRemove }: {
  label: string; value: string | null; onChange: (url: string) => void; onRemove?: () => void;
}) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const { t } = useLingui();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, error: null });
    try {
      const { url } = await api('/api/vendor/uploads', { method: 'POST', body: file, headers: { 'content-type': file.type || 'application/octet-stream' } }, ZUploadResponse);
      onChange(url);
      setState({ busy: false, error: null });
    } catch (err) {
      setState({ busy: false, error: failureText(err, t`Could not upload the image. Please try again.`, t`Server error. Try again later.`) });
    }
  };

  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">{label}</label>
      <div className="d-flex align-items-center gap-3">
        {value ? <img src={value} alt="" className="rounded border" width={72} height={72} /> : null}
        <input id={id} type="file" accept="image/jpeg,image/png,image/webp" className={`form-control${state.error ? ' is-invalid' : ''}`}
          disabled={state.busy} onChange={(e) => void upload(e.target.files?.[0])} />
        {value && onRemove ? <button type="button" className="btn btn-outline-secondary btn-sm text-nowrap" onClick={onRemove}><Trans>Remove</Trans></button> : null}
      </div>
      {state.busy && <div className="form-text" role="status"><Trans>Uploading...</Trans></div>}
      {state.error && <div className="invalid-feedback d-block">{state.error}</div>}
    </div>
  );
}
