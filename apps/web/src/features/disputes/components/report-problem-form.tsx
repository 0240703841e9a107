import { useId, useState, type FormEvent } from 'react';
import { BOOKING_DISPUTE_REASONS, DISPUTE_REASON_LABELS, LINE_DISPUTE_REASONS, type DisputeReason } from '@nirmaan/shared/disputes';
import { useToast } from '../../../components/ui/toast.tsx';
import { api, failureText } from '../../../lib/api.ts';
import { useOpenDispute } from '../api/disputes.ts';
import type { DisputeTarget } from './dispute-corner.tsx';

/** Uploads one photo as a private file (POST /api/files): only the customer and support can open it. */
async function uploadPhoto(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<{ id: string }>('/api/files', { method: 'POST', body: form });
}

/** "Report a problem" on a line or booking: what went wrong, in words, with up to 5 photos. */
export default function ReportProblemForm({ target, onDone }: { target: DisputeTarget; onDone: () => void }) {
  const reasons: readonly DisputeReason[] = target.kind === 'line' ? LINE_DISPUTE_REASONS : BOOKING_DISPUTE_REASONS;
  const [reason, setReason] = useState<DisputeReason>(reasons[0]!);
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const open = useOpenDispute();
  const toast = useToast();
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const photoIds = [];
      for (const photo of photos.slice(0, 5)) photoIds.push((await uploadPhoto(photo)).id);
      await open.mutateAsync({ lineId: target.lineId, bookingId: target.bookingId, reason, text, photoIds });
      toast('Your report is sent. We have mailed you, and the seller is asked to answer.', 'success');
      onDone();
    } catch (err) {
      setError(failureText(err, 'Your report could not be sent. Please try again.'));
    }
  };

  return (
    <form className="w-100 border rounded p-2 mt-1" aria-label="Report a problem" onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-reason`} className="form-label small fw-semibold mb-1">What went wrong?</label>
      <select id={`${id}-reason`} className="form-select form-select-sm mb-2" value={reason} onChange={(e) => setReason(e.target.value as DisputeReason)}>
        {reasons.map((r) => <option key={r} value={r}>{DISPUTE_REASON_LABELS[r]}</option>)}
      </select>
      <label htmlFor={`${id}-text`} className="form-label small fw-semibold mb-1">Describe the problem</label>
      <textarea id={`${id}-text`} className="form-control form-control-sm mb-2" rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
      <label htmlFor={`${id}-photos`} className="form-label small fw-semibold mb-1">Photos (optional, up to 5)</label>
      <input
        id={`${id}-photos`} type="file" className="form-control form-control-sm mb-2" accept="image/jpeg,image/png,image/webp" multiple
        onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, 5))}
      />
      {error ? <div className="alert alert-danger py-1 small" role="alert">{error}</div> : null}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={open.isPending}>{open.isPending ? 'Sending…' : 'Send report'}</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}
