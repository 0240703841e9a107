import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { z } from 'zod';
import { DISPUTE_REASONS, DISPUTE_REASON_LABELS, LINE_DISPUTE_REASONS, BOOKING_DISPUTE_REASONS, ZOpenDisputeBody, type DisputeReason } from '@nirmaan/shared/disputes';
import { useZodForm } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { api, failureText } from '../../../lib/api.ts';
import { useOpenDispute } from '../api/disputes.ts';
import type { DisputeTarget } from './dispute-corner.tsx';

const MAX_PHOTOS = 5;

/** Uploads one photo as a private file (POST /api/files): only the customer and support can open it. */
async function uploadPhoto(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<{ id: string }>('/api/files', { method: 'POST', body: form });
}

/**
 * The report as the customer fills it: the reason and the words are checked with the server's own schema (so a
 * too-short description is told before any photo is uploaded); the photos are the file box's list.
 */
const reportForm = z.object({
  reason: z.enum(DISPUTE_REASONS),
  text: ZOpenDisputeBody.shape.text,
  photos: z.custom<FileList | null | undefined>(),
});

/** "Report a problem" on a line or booking: what went wrong, in words, with up to 5 photos. */
export default function ReportProblemForm({ target, onDone }: { target: DisputeTarget; onDone: () => void }) {
  const reasons: readonly DisputeReason[] = target.kind === 'line' ? LINE_DISPUTE_REASONS : BOOKING_DISPUTE_REASONS;
  const form = useZodForm(reportForm, { defaultValues: { reason: reasons[0]!, text: '', photos: null } });
  const open = useOpenDispute();
  const toast = useToast();
  const id = useId();
  const { i18n, t } = useLingui();

  const send = async ({ reason, text, photos }: z.output<typeof reportForm>) => {
    try {
      const photoIds = [];
      for (const photo of [...(photos ?? [])].slice(0, MAX_PHOTOS)) photoIds.push((await uploadPhoto(photo)).id);
      await open.mutateAsync({ lineId: target.lineId, bookingId: target.bookingId, reason, text, photoIds });
      toast(t`Your report is sent. We have mailed you, and the seller is asked to answer.`, 'success');
      onDone();
    } catch (err) {
      form.setError('root.server', { message: failureText(err, t`Your report could not be sent. Please try again.`, t`Server error. Try again later.`) });
    }
  };
  const { errors } = form.formState;
  // One message at a time, where the server's refusal shows too.
  const error = errors.text?.message ? term(i18n, errors.text.message) : errors.root?.server?.message;

  return (
    <form className="w-100 border rounded p-2 mt-1" aria-label={t`Report a problem`} onSubmit={(e) => void form.handleSubmit(send)(e)}>
      <label htmlFor={`${id}-reason`} className="form-label small fw-semibold mb-1"><Trans>What went wrong?</Trans></label>
      <select id={`${id}-reason`} className="form-select form-select-sm mb-2" {...form.register('reason')}>
        {reasons.map((r) => <option key={r} value={r}>{term(i18n, DISPUTE_REASON_LABELS[r])}</option>)}
      </select>
      <label htmlFor={`${id}-text`} className="form-label small fw-semibold mb-1"><Trans>Describe the problem</Trans></label>
      <textarea id={`${id}-text`} className="form-control form-control-sm mb-2" rows={3} maxLength={2000} {...form.register('text')} />
      <label htmlFor={`${id}-photos`} className="form-label small fw-semibold mb-1"><Trans>Photos (optional, up to 5)</Trans></label>
      <input
        id={`${id}-photos`} type="file" className="form-control form-control-sm mb-2" accept="image/jpeg,image/png,image/webp" multiple
        {...form.register('photos')}
      />
      {error ? <div className="alert alert-danger py-1 small" role="alert">{error}</div> : null}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={open.isPending}>{open.isPending ? t`Sending…` : t`Send report`}</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onDone}><Trans>Cancel</Trans></button>
      </div>
    </form>
  );
}
