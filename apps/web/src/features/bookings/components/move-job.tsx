import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { RescheduleInfo } from '@nirmaan/shared/booking';
import { formatDate } from '@nirmaan/shared/dates';
import { formatPaise } from '@nirmaan/shared/money';
import type { RescheduleBody } from '@nirmaan/shared/reschedule';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { BOOKING_PAY_MSG, usePayment } from '../../../lib/razorpay.ts';
import { useJobSlots } from '../api/jobs.ts';
import { useReschedule } from '../api/reschedule.ts';
import { openProposal } from './booking-moves.tsx';

const day = (d: string, locale: string) => formatDate(`${d}T00:00:00+05:30`, locale);

/** The move, then its fee through checkout.js when the answer carries one; back to My orders either way. */
export function useMoveThenPay(id: string) {
  const { t } = useLingui();
  const move = useReschedule(id);
  const pay = usePayment();
  const toast = useToast();
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const submit = (body: RescheduleBody) => move.mutate(body, {
    onSuccess: async (done) => {
      if (done.payment?.razorpayOrderId) {
        setPaying(true);
        const outcome = await pay(done.payment, { name: '', email: '' });
        setPaying(false);
        toast(BOOKING_PAY_MSG[outcome], outcome === 'paid' ? 'success' : 'warning');
      } else if (done.payment?.message) toast(done.payment.message, 'warning');
      else toast(t`Booking rescheduled.`, 'success');
      navigate('/myorder');
    },
    onError: (err) => toast(failureText(err, t`Could not reschedule. Please try again.`), 'danger'),
  });
  return { submit, busy: move.isPending || paying, paying };
}

type Terms = 'free' | 'fee' | 'cash' | 'closed';

function DayTerms({ terms, info }: { terms: Terms; info: RescheduleInfo }) {
  const hours = info.freeHours;
  const fee = formatPaise(info.feePaise);
  switch (terms) {
    case 'free': return <p className="small text-success mb-0" role="status"><Trans>Free: more than {hours} hours before it starts.</Trans></p>;
    case 'fee': return <p className="small text-warning-emphasis mb-0" role="status"><Trans>It starts within {hours} hours: moving it costs {fee}, paid online.</Trans></p>;
    case 'cash': return <p className="small text-danger mb-0" role="alert"><Trans>It starts within {hours} hours and the job is paid in cash: please contact the professional.</Trans></p>;
    default: return <p className="small text-body-secondary mb-0" role="alert"><Trans>The job has started: only its later days can move, one at a time.</Trans></p>;
  }
}

/**
 * A multi-day job on the reschedule page (decision record 044): the whole job from another start date where all its
 * days fit, or one of its days not yet started to another free working day, each by the window rules.
 */
export function MoveJob({ info }: { info: RescheduleInfo }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const b = info.booking;
  const days = b.days ?? [b.serviceDate];
  const movable = info.days ?? [];
  const canWhole = info.terms !== 'closed';
  // Choosing another time for the professional's proposal of one day starts from that day (decision record 049).
  const proposal = openProposal(b.moves);
  const proposedDay = proposal?.scope === 'day' && movable.some((d) => d.date === proposal.from.serviceDate) ? proposal.from.serviceDate : null;
  const [what, setWhat] = useState<'job' | 'day'>(canWhole && !proposedDay ? 'job' : 'day');
  const [pick, setPick] = useState(proposedDay ?? movable[0]?.date ?? '');
  const [to, setTo] = useState('');
  const whole = useJobSlots(b.Vendorid, days.length);
  const single = useJobSlots(b.Vendorid, 1);
  const { submit, busy, paying } = useMoveThenPay(b._id);

  const starts = (whole.data?.job?.starts ?? []).filter((s) => s.date !== b.serviceDate);
  const free = (single.data?.job?.starts ?? []).filter((s) => !days.includes(s.date) && (b.status !== 'In progress' || s.date > days[0]!));
  const chosenStart = starts.find((s) => s.date === to);
  const dayTerms: Terms = movable.find((d) => d.date === pick)?.terms ?? 'closed';
  const terms: Terms = what === 'job' ? info.terms : dayTerms;
  const canSubmit = Boolean(to) && (terms === 'free' || terms === 'fee') && (what === 'job' || Boolean(pick));
  const label = (d: string) => day(d, i18n.locale);

  return (
    <section className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h3"><Trans>Reschedule your job</Trans></h1>
      <p data-testid="current-slot"><Trans>{b.vendorName}, now booked on {days.map(label).join(', ')}, each day from {b.serviceTime}.</Trans></p>
      {proposedDay && proposal ? (
        <p className="alert alert-warning py-2" role="status"><Trans>The professional proposed moving {label(proposedDay)} to {label(proposal.to.serviceDate)}. Choose another date for that day here, or accept the proposal in My orders.</Trans></p>
      ) : null}
      {!canWhole && movable.length === 0 ? (
        <>
          <p className="alert alert-secondary py-2" role="alert"><Trans>This job has started or ended and none of its days can move now.</Trans></p>
          <Link to="/myorder" className="btn btn-outline-secondary"><Trans>Back to My orders</Trans></Link>
        </>
      ) : (
        <form className="d-flex flex-column gap-3" onSubmit={(e) => {
          e.preventDefault();
          if (canSubmit) submit({ serviceDate: to, serviceTime: b.serviceTime, ...(what === 'day' ? { day: pick } : {}) });
        }}>
          <fieldset className="d-flex flex-column gap-1">
            <legend className="h6"><Trans>What do you want to move?</Trans></legend>
            <div className="form-check">
              <input id={`${id}-job`} type="radio" name="what" className="form-check-input" checked={what === 'job'} disabled={!canWhole} onChange={() => { setWhat('job'); setTo(''); }} />
              <label htmlFor={`${id}-job`} className="form-check-label"><Trans>The whole job</Trans></label>
            </div>
            <div className="form-check">
              <input id={`${id}-day`} type="radio" name="what" className="form-check-input" checked={what === 'day'} disabled={movable.length === 0} onChange={() => { setWhat('day'); setTo(''); }} />
              <label htmlFor={`${id}-day`} className="form-check-label"><Trans>One day of the job</Trans></label>
            </div>
          </fieldset>
          {what === 'day' ? (
            <div>
              <label htmlFor={`${id}-pick`} className="form-label"><Trans>Day to move</Trans></label>
              <select id={`${id}-pick`} className="form-select" value={pick} onChange={(e) => setPick(e.target.value)}>
                {movable.map((d) => <option key={d.date} value={d.date}>{t`Day ${days.indexOf(d.date) + 1}: ${label(d.date)}`}</option>)}
              </select>
            </div>
          ) : null}
          <DayTerms terms={terms} info={info} />
          <div>
            <label htmlFor={`${id}-to`} className="form-label">{what === 'job' ? <Trans>New start date</Trans> : <Trans>New date for this day</Trans>}</label>
            <select id={`${id}-to`} className="form-select" value={to} onChange={(e) => setTo(e.target.value)}>
              <option value="">{(what === 'job' ? whole : single).isPending ? t`Finding free days...` : t`Choose a date`}</option>
              {(what === 'job' ? starts : free).map((s) => <option key={s.date} value={s.date}>{label(s.date)}</option>)}
            </select>
            {chosenStart && what === 'job' ? <p className="small text-body-secondary mb-0 mt-1"><Trans>Your new days:</Trans> {chosenStart.days.map(label).join(', ')}</p> : null}
          </div>
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={!canSubmit || busy}>
              {paying ? <Trans>Paying...</Trans> : terms === 'fee' ? <Trans>Reschedule and pay {formatPaise(info.feePaise)}</Trans> : <Trans>Reschedule</Trans>}
            </button>
            <Link to="/myorder" className="btn btn-outline-secondary"><Trans>Keep my booking</Trans></Link>
          </div>
        </form>
      )}
    </section>
  );
}
