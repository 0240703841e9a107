import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { VendorBooking } from '@nirmaan/shared/booking';
import { addDays, todayInIndia } from '@nirmaan/shared/dates';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useFreeTimes, useProposeTime } from '../api/propose.ts';

/**
 * The portal's "Propose a new time" for a live booking (decision record 041): a date, then one of the professional's
 * own bookable times; the customer accepts it or picks another slot, or it lapses and the booking is cancelled and
 * refunded. While a proposal is open it says so instead. A multi-day job not yet started is proposed whole (decision
 * record 044): a new first day at its daily start, its other days following; the server holds all of them or none.
 */
export function ProposeTime({ b }: { b: VendorBooking }) {
  const { t } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const job = b.kind === 'job';
  const slots = useFreeTimes(open && !job ? b.Vendorid : null, date, b.address.zip ?? '');
  const propose = useProposeTime();
  const toast = useToast();
  const pending = b.moves?.find((m) => m.status === 'proposed');
  if (pending) {
    return <p className="small text-body-secondary mb-0" role="status"><Trans>New time proposed: {pending.to.serviceDate} at {pending.to.serviceTime}. Waiting for the customer.</Trans></p>;
  }
  // A started job's first day cannot move; its later days are moved by the customer, one at a time.
  if (!b.reschedulable || (job && b.status === 'In progress')) return null;
  if (!open) return <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setOpen(true)}><Trans>Propose a new time</Trans></button>;
  const today = todayInIndia();
  const dailyStart = b.serviceTime;
  return (
    <form className="d-flex flex-column gap-2 w-100" aria-label={t`Propose a new time`} onSubmit={(e) => {
      e.preventDefault();
      const at = job ? b.serviceTime : time;
      if (!date || !at) { toast(t`Please choose a date and a time.`, 'warning'); return; }
      propose.mutate({ id: b._id, body: { serviceDate: date, serviceTime: at } }, {
        onSuccess: () => { toast(t`New time proposed. The customer has been told.`, 'success'); setOpen(false); },
        onError: (err) => toast(failureText(err, t`Could not propose the new time. Please try again.`), 'danger'),
      });
    }}>
      <label htmlFor={`${id}-date`} className="form-label small mb-0">{job ? <Trans>New first day of the job</Trans> : <Trans>New date</Trans>}</label>
      <input id={`${id}-date`} type="date" className="form-control form-control-sm w-auto" min={today} max={addDays(today, 365)} value={date}
        onChange={(e) => { setDate(e.target.value); setTime(''); }} />
      {job ? (
        <p className="small text-body-secondary mb-0"><Trans>The job’s other days follow on your next working days, each from {dailyStart}.</Trans></p>
      ) : date ? (
        <div className="d-flex flex-wrap gap-1" role="group" aria-label={t`Free times`}>
          {(slots.data ?? []).map((s) => (
            <button key={s} type="button" aria-pressed={time === s} className={`btn btn-sm ${time === s ? 'btn-primary' : 'btn-outline-primary'}`} onClick={() => setTime(s)}>{s}</button>
          ))}
          {slots.data?.length === 0 ? <span className="small text-body-secondary"><Trans>No free times on this day.</Trans></span> : null}
        </div>
      ) : null}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={propose.isPending}><Trans>Send the proposal</Trans></button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setOpen(false)}><Trans>Cancel</Trans></button>
      </div>
    </form>
  );
}
