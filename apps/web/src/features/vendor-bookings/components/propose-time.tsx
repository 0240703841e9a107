import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { VendorBooking } from '@nirmaan/shared/booking';
import { addDays, formatDate, todayInIndia } from '@nirmaan/shared/dates';
import { movableDays, type BookingMove, type RescheduleBody } from '@nirmaan/shared/reschedule';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useFreeJobDays, useFreeTimes, useProposeTime } from '../api/propose.ts';

/**
 * What of a multi-day job the professional may propose to move now (decision records 044, 049): the whole job while
 * its first day has not started, and each day not yet started (never a started job's first day, which the start code
 * began). Null for a single booking.
 */
function jobChoices(b: VendorBooking) {
  if (b.kind !== 'job' || !b.days) return null;
  const days = movableDays({ status: b.status, days: b.days, serviceTime: b.serviceTime }, new Date(), 0).map((d) => d.date);
  return { all: b.days, days, whole: ['Pending', 'Confirmed'].includes(b.status) && days.includes(b.days[0]!) };
}

function Pending({ m }: { m: BookingMove }) {
  const { from, to } = m;
  return (
    <p className="small text-body-secondary mb-0" role="status">
      {m.scope === 'day'
        ? <Trans>Proposed: the job’s day of {from.serviceDate} moves to {to.serviceDate} at {to.serviceTime}. Waiting for the customer.</Trans>
        : <Trans>New time proposed: {to.serviceDate} at {to.serviceTime}. Waiting for the customer.</Trans>}
    </p>
  );
}

type JobChoices = NonNullable<ReturnType<typeof jobChoices>>;

/**
 * One day of a job: which day, and a date where one more working day fits the professional's calendar (not one the
 * job already works; a started job's only after its first day, as the server checks), at the job's daily start.
 */
function DayFields({ b, job, pick, onPick, date, onDate }: { b: VendorBooking; job: JobChoices; pick: string; onPick: (d: string) => void; date: string; onDate: (d: string) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const free = useFreeJobDays(b.Vendorid, b.address.zip ?? '');
  const days = (free.data ?? []).filter((d) => !job.all.includes(d) && (b.status !== 'In progress' || d > job.all[0]!));
  const label = (d: string) => formatDate(`${d}T00:00:00+05:30`, i18n.locale);
  const dailyStart = b.serviceTime;
  return (
    <>
      <label htmlFor={`${id}-pick`} className="form-label small mb-0"><Trans>Day to move</Trans></label>
      <select id={`${id}-pick`} className="form-select form-select-sm w-auto" value={pick} onChange={(e) => onPick(e.target.value)}>
        {job.days.map((d) => <option key={d} value={d}>{t`Day ${job.all.indexOf(d) + 1}: ${label(d)}`}</option>)}
      </select>
      <label htmlFor={`${id}-to`} className="form-label small mb-0"><Trans>New date for this day</Trans></label>
      <select id={`${id}-to`} className="form-select form-select-sm w-auto" value={date} onChange={(e) => onDate(e.target.value)}>
        <option value="">{free.isPending ? t`Finding free days...` : t`Choose a date`}</option>
        {days.map((d) => <option key={d} value={d}>{label(d)}</option>)}
      </select>
      {free.data && days.length === 0 ? <p className="small text-body-secondary mb-0"><Trans>No free days in the next 60 days.</Trans></p> : null}
      <p className="small text-body-secondary mb-0"><Trans>The day keeps the job’s daily start, {dailyStart}.</Trans></p>
    </>
  );
}

/**
 * The portal's "Propose a new time" for a live booking (decision record 041): a date, then one of the professional's
 * own bookable times; the customer accepts it or picks another slot, or it lapses. While a proposal is open it says
 * so instead. A multi-day job is proposed whole (decision record 044: a new first day at its daily start, its other
 * days following; the server holds all of them or none) or one day at a time (decision record 049: a day not yet
 * started to one of the professional's free dates, at the job's daily start), a started job only the latter.
 */
export function ProposeTime({ b }: { b: VendorBooking }) {
  const { t } = useLingui();
  const id = useId();
  const job = jobChoices(b);
  const [open, setOpen] = useState(false);
  const [what, setWhat] = useState<'job' | 'day'>(job?.whole === false ? 'day' : 'job');
  const [pick, setPick] = useState(job?.days[0] ?? '');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const pincode = b.address.zip ?? '';
  const slots = useFreeTimes(open && !job ? b.Vendorid : null, date, pincode);
  const propose = useProposeTime();
  const toast = useToast();
  const pending = b.moves?.find((m) => m.status === 'proposed');
  if (pending) return <Pending m={pending} />;
  if (!b.reschedulable || (job && !job.whole && job.days.length === 0)) return null;
  if (!open) return <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setOpen(true)}><Trans>Propose a new time</Trans></button>;
  const today = todayInIndia();
  const dailyStart = b.serviceTime;
  const body = (): RescheduleBody | null => {
    if (!job) return date && time ? { serviceDate: date, serviceTime: time } : null;
    if (!date) return null;
    return what === 'day' ? { serviceDate: date, serviceTime: dailyStart, day: pick } : { serviceDate: date, serviceTime: dailyStart };
  };
  return (
    <form className="d-flex flex-column gap-2 w-100" aria-label={t`Propose a new time`} onSubmit={(e) => {
      e.preventDefault();
      const to = body();
      if (!to) { toast(t`Please choose a date and a time.`, 'warning'); return; }
      propose.mutate({ id: b._id, body: to }, {
        onSuccess: () => { toast(t`New time proposed. The customer has been told.`, 'success'); setOpen(false); },
        onError: (err) => toast(failureText(err, t`Could not propose the new time. Please try again.`), 'danger'),
      });
    }}>
      {job ? (
        <fieldset className="d-flex flex-column gap-1">
          <legend className="small fw-semibold mb-0"><Trans>What do you want to move?</Trans></legend>
          <div className="form-check">
            <input id={`${id}-job`} type="radio" name={`${id}-what`} className="form-check-input" checked={what === 'job'} disabled={!job.whole} onChange={() => { setWhat('job'); setDate(''); }} />
            <label htmlFor={`${id}-job`} className="form-check-label small"><Trans>The whole job</Trans></label>
          </div>
          <div className="form-check">
            <input id={`${id}-day`} type="radio" name={`${id}-what`} className="form-check-input" checked={what === 'day'} disabled={job.days.length === 0} onChange={() => { setWhat('day'); setDate(''); }} />
            <label htmlFor={`${id}-day`} className="form-check-label small"><Trans>One day of the job</Trans></label>
          </div>
        </fieldset>
      ) : null}
      {job && what === 'day' ? (
        <DayFields b={b} job={job} pick={pick} onPick={setPick} date={date} onDate={setDate} />
      ) : (
        <>
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
        </>
      )}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={propose.isPending}><Trans>Send the proposal</Trans></button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setOpen(false)}><Trans>Cancel</Trans></button>
      </div>
    </form>
  );
}
