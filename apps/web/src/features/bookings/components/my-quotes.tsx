import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { BookingPaymentMethod } from '@nirmaan/shared/booking';
import { formatDate } from '@nirmaan/shared/dates';
import { quotedJobPaise, type JobEnding, type Quote } from '@nirmaan/shared/jobs';
import { formatPaise } from '@nirmaan/shared/money';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { BOOKING_PAY_MSG, usePaymentOptions } from '../../../lib/razorpay.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { useAcceptQuote, useAnswerQuote, useJobSlots, useMyQuotes, usePayJob } from '../api/jobs.ts';

const day = (d: string, locale: string) => formatDate(`${d}T00:00:00+05:30`, locale);

/**
 * My orders → the quotes professionals sent after a site visit (decision record 042): each version's lines, days,
 * validity and the visit fee taken off; the open one can be accepted (a start date from the professional's free
 * days, then paid like a booking), declined, or sent back for a revision. Shows nothing without quotes.
 */
export function MyQuotes() {
  const { t } = useLingui();
  const { userId } = useStoredUser();
  const quotes = useMyQuotes(Boolean(userId));
  if (!quotes.data || quotes.data.length === 0) return null;
  return (
    <section className="mb-4" aria-label={t`Quotes`}>
      <h2 className="h5"><Trans>Quotes after site visits</Trans></h2>
      <ul className="list-unstyled d-flex flex-column gap-3 mb-0">
        {quotes.data.map((q) => <QuoteCard key={q.id} q={q} />)}
      </ul>
    </section>
  );
}

function QuoteCard({ q }: { q: Quote }) {
  const { t, i18n } = useLingui();
  const [acting, setActing] = useState<'accept' | 'revision' | null>(null);
  const open = q.status === 'Sent' && !q.expired;
  const STATUS: Record<Quote['status'], string> = {
    Sent: q.endedJob ? t`Open again` : t`Waiting for your answer`, RevisionAsked: t`Revision asked`, Accepted: t`Accepted`, Declined: t`Declined`, Superseded: t`Replaced by a newer version`,
  };
  return (
    <li className="card" data-testid="quote">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <p className="fw-semibold mb-1"><Trans>{q.vendorName} · quote version {q.version}</Trans></p>
          <span className="badge text-bg-light">{q.expired ? t`Expired` : STATUS[q.status]}</span>
        </div>
        <table className="table table-sm small mb-2">
          <tbody>
            {q.labour.map((l, i) => (
              <tr key={`l${i}`}><td>{l.description}{l.kind === 'days' ? ` (${l.days} × ${formatPaise(l.ratePaise ?? 0)})` : ''}</td><td className="text-end">{formatPaise(l.amountPaise)}</td></tr>
            ))}
            {q.materials.map((m, i) => (
              <tr key={`m${i}`} className="text-body-secondary"><td><Trans>Material:</Trans> {m.description} ({m.quantity} {m.unit})</td><td className="text-end">{formatPaise(m.amountPaise)}</td></tr>
            ))}
            <tr><td><Trans>Site visit fee already paid</Trans></td><td className="text-end">−{formatPaise(q.visitCreditPaise)}</td></tr>
          </tbody>
        </table>
        <p className="small mb-2">
          <Trans>{q.days} working days from {q.dayStart} each day. Valid until {day(q.validUntil, i18n.locale)}.</Trans>
          {q.note ? <> {q.note}</> : null}
        </p>
        {q.endedJob ? <EndedJob q={q} by={q.endedJob.by} /> : null}
        {open ? (
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setActing('accept')}><Trans>Accept</Trans></button>
            <DeclineButton q={q} />
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setActing('revision')}><Trans>Ask for revision</Trans></button>
          </div>
        ) : null}
        {open && acting === 'accept' ? <AcceptForm q={q} onDone={() => setActing(null)} /> : null}
        {open && acting === 'revision' ? <RevisionForm q={q} onDone={() => setActing(null)} /> : null}
      </div>
    </li>
  );
}

/**
 * The job booked from the quote ended before it was done (decision record 048): how, and what the customer can do now
 * (accept it again for new dates while it is valid, else ask for a revision).
 */
function EndedJob({ q, by }: { q: Quote; by: JobEnding }) {
  const { t, i18n } = useLingui();
  const HOW: Record<JobEnding, string> = {
    customer: t`You cancelled the job booked from this quote.`,
    professional: t`The professional declined the job booked from this quote.`,
    lapsed: t`The job booked from this quote was cancelled: the new time the professional proposed was not answered in time.`,
    support: t`Our support team cancelled the job booked from this quote.`,
    unpaid: t`The job booked from this quote was cancelled: it was not paid in time.`,
  };
  const until = day(q.validUntil, i18n.locale);
  return (
    <p className="small alert alert-info py-2 mb-2" data-testid="quote-ended-job">
      {HOW[by]}{' '}
      {q.status === 'Sent' && !q.expired ? <Trans>You can accept it again for new dates until {until}; the site visit fee still comes off.</Trans> : null}
      {q.status === 'Sent' && q.expired ? <Trans>It has expired: ask the professional for a revision.</Trans> : null}
    </p>
  );
}

function DeclineButton({ q }: { q: Quote }) {
  const { t } = useLingui();
  const answer = useAnswerQuote();
  const toast = useToast();
  return (
    <button type="button" className="btn btn-sm btn-outline-danger" disabled={answer.isPending}
      onClick={() => answer.mutate({ id: q.id, to: 'decline' }, {
        onSuccess: () => toast(t`Quote declined.`, 'success'),
        onError: (err) => toast(failureText(err, t`Could not answer the quote. Please try again.`), 'danger'),
      })}>
      <Trans>Decline</Trans>
    </button>
  );
}

function RevisionForm({ q, onDone }: { q: Quote; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [note, setNote] = useState('');
  const answer = useAnswerQuote();
  const toast = useToast();
  return (
    <form className="mt-3 d-flex flex-column gap-2" onSubmit={(e) => {
      e.preventDefault();
      answer.mutate({ id: q.id, to: 'revision', note }, {
        onSuccess: () => { toast(t`Revision asked. The professional will send a new version.`, 'success'); onDone(); },
        onError: (err) => toast(failureText(err, t`Could not answer the quote. Please try again.`), 'danger'),
      });
    }}>
      <label htmlFor={id} className="form-label small mb-0"><Trans>What should change?</Trans></label>
      <textarea id={id} className="form-control form-control-sm" rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} required />
      <button type="submit" className="btn btn-sm btn-outline-primary align-self-start" disabled={answer.isPending || !note.trim()}><Trans>Send</Trans></button>
    </form>
  );
}

function AcceptForm({ q, onDone }: { q: Quote; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const slots = useJobSlots(q.vendorId, q.days);
  const { onlinePayment } = usePaymentOptions();
  const [start, setStart] = useState('');
  const [materials, setMaterials] = useState(false);
  const [method, setMethod] = useState<BookingPaymentMethod>(onlinePayment ? 'upi' : 'cash');
  const accept = useAcceptQuote();
  const pay = usePayJob();
  const toast = useToast();
  const key = useRef(crypto.randomUUID());
  const starts = slots.data?.job?.starts ?? [];
  const chosen = starts.find((s) => s.date === start);
  // Awaited rather than mutate's callbacks: the accepted quote's refetch unmounts this form before they would run,
  // and the job's payment must still open.
  const submit = async () => {
    try {
      const { payment } = await accept.mutateAsync({ id: q.id, key: key.current, body: { startDate: start, includeMaterials: materials, payment: { method } } });
      toast(t`Job booked.`, 'success');
      if (payment?.razorpayOrderId) {
        const outcome = await pay(payment);
        toast(BOOKING_PAY_MSG[outcome], outcome === 'paid' ? 'success' : 'warning');
      }
      onDone();
    } catch (err) {
      toast(failureText(err, t`Could not accept the quote. Please try again.`), 'danger');
    }
  };
  return (
    <div className="mt-3 d-flex flex-column gap-2" data-testid="accept-quote">
      <label htmlFor={`${id}-start`} className="form-label small mb-0"><Trans>Start date</Trans></label>
      <select id={`${id}-start`} className="form-select form-select-sm" value={start} onChange={(e) => setStart(e.target.value)}>
        <option value="">{slots.isPending ? t`Finding free days...` : t`Choose a start date`}</option>
        {starts.map((s) => <option key={s.date} value={s.date}>{day(s.date, i18n.locale)}</option>)}
      </select>
      {chosen ? <p className="small text-body-secondary mb-0"><Trans>Your days:</Trans> {chosen.days.map((d) => day(d, i18n.locale)).join(', ')}</p> : null}
      {q.materials.length > 0 ? (
        <div className="form-check">
          <input id={`${id}-materials`} type="checkbox" className="form-check-input" checked={materials} onChange={(e) => setMaterials(e.target.checked)} />
          <label htmlFor={`${id}-materials`} className="form-check-label small"><Trans>Buy the materials from the professional (else buy them yourself, e.g. on Nirmaan)</Trans></label>
        </div>
      ) : null}
      <label htmlFor={`${id}-method`} className="form-label small mb-0"><Trans>Payment</Trans></label>
      <select id={`${id}-method`} className="form-select form-select-sm w-auto" value={method} onChange={(e) => setMethod(e.target.value as BookingPaymentMethod)}>
        {onlinePayment ? <><option value="upi">UPI</option><option value="card">{t`Card`}</option><option value="netbanking">{t`Net Banking`}</option></> : null}
        <option value="cash">{t`Cash at the service`}</option>
      </select>
      <p className="small fw-semibold mb-0"><Trans>To pay for the job: {formatPaise(quotedJobPaise(q, materials))} plus the service charge</Trans></p>
      <button type="button" className="btn btn-sm btn-primary align-self-start" disabled={!start || accept.isPending} onClick={() => void submit()}><Trans>Accept and book</Trans></button>
    </div>
  );
}
