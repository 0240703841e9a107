import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { slotMinutes } from '@nirmaan/shared/calendar';
import type { VendorBooking } from '@nirmaan/shared/booking';
import { todayInIndia } from '@nirmaan/shared/dates';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
import { formatRupees } from '@nirmaan/shared/money';
import { useAnswerBooking, useVendorBookings, type BookingMove } from '../api/vendor-bookings.ts';
import { ProposeTime } from '../components/propose-time.tsx';
import { ArrivalActions } from '../components/arrival-actions.tsx';
import { SendQuote } from '../components/send-quote.tsx';

const BADGE: Record<VendorBooking['status'], string> = {
  Pending: 'text-bg-warning', Confirmed: 'text-bg-info', Completed: 'text-bg-success', Cancelled: 'text-bg-secondary', Declined: 'text-bg-secondary', 'In progress': 'text-bg-primary',
};
/**
 * What a professional can do with a booking in each status (the server checks it again). A Confirmed job is started
 * with the customer's code (ArrivalActions) and completed by its customer: no Complete here (decision record 044).
 */
const ACTIONS: Partial<Record<VendorBooking['status'], { to: BookingMove; label: MessageDescriptor; style: string }[]>> = {
  Pending: [{ to: 'Confirmed', label: msg`Confirm`, style: 'btn-primary' }, { to: 'Declined', label: msg`Decline`, style: 'btn-outline-danger' }],
  Confirmed: [{ to: 'Declined', label: msg`Decline`, style: 'btn-outline-danger' }],
};

/** A booking's start in minutes of its day: any calendar start, not only the six slots, sorts by the clock. */
const slotIndex = (b: VendorBooking) => slotMinutes(b.serviceTime) ?? 0;

/**
 * Upcoming: live bookings (Pending or Confirmed) from today on, soonest first, the ones to act on. Past: the rest
 * (served, cancelled, declined, or dates gone by), latest first, as the server sends them.
 */
function splitBookings(all: VendorBooking[], today: string) {
  const isUpcoming = (b: VendorBooking) => ((b.status === 'Pending' || b.status === 'Confirmed') && b.serviceDate >= today) || b.status === 'In progress';
  const upcoming = all.filter(isUpcoming).sort((a, b) => a.serviceDate.localeCompare(b.serviceDate) || slotIndex(a) - slotIndex(b));
  return { upcoming, past: all.filter((b) => !isUpcoming(b)) };
}

/** Vendor bookings (/vendor/bookings): upcoming and past, who booked which date and slot, and Confirm or Decline; Start with the code. */
export function Component() {
  const bookings = useVendorBookings();
  const answer = useAnswerBooking();
  const toast = useToast();
  const { t } = useLingui();
  const failureText = useFailureText();

  const act = (b: VendorBooking, to: BookingMove) => answer.mutate({ id: b._id, status: to }, {
    onSuccess: () => {
      const { serviceDate: date, serviceTime: time } = b;
      toast(to === 'Confirmed' ? t`Booking of ${date} at ${time} confirmed.` : to === 'Declined' ? t`Booking of ${date} at ${time} declined.` : t`Booking of ${date} at ${time} completed.`, 'success');
    },
    onError: (err) => toast(failureText(err, t`Could not change the booking. Please try again.`), 'danger'),
  });

  const split = bookings.data ? splitBookings(bookings.data, todayInIndia()) : null;

  return (
    <section className="container">
      <h1 className="h3 mb-3"><Trans>Bookings</Trans></h1>
      {bookings.isPending ? <Loading text={t`Loading bookings...`} />
        : bookings.isError ? <ErrorState>{failureText(bookings.error, t`Could not load your bookings.`)}</ErrorState>
          : bookings.data.length === 0 ? <EmptyState><Trans>No bookings yet. They appear here as soon as a customer books you.</Trans></EmptyState>
            : split && (
              <>
                <BookingSection title={t`Upcoming`} label={t`Upcoming bookings`} bookings={split.upcoming} empty={t`No upcoming bookings.`} busy={answer.isPending} onAct={act} />
                <BookingSection title={t`Past`} label={t`Past bookings`} bookings={split.past} empty={t`No past bookings yet.`} busy={answer.isPending} onAct={act} />
              </>
            )}
    </section>
  );
}

type OnAct = (b: VendorBooking, to: BookingMove) => void;

function BookingSection({ title, label, bookings, empty, busy, onAct }: { title: string; label: string; bookings: VendorBooking[]; empty: string; busy: boolean; onAct: OnAct }) {
  return (
    <section className="mb-4" aria-label={label}>
      <h2 className="h5">{title} <span className="badge text-bg-light">{bookings.length}</span></h2>
      {bookings.length === 0 ? <p className="text-body-secondary">{empty}</p> : (
        <ul className="list-unstyled d-grid gap-3 mb-0">
          {bookings.map((b) => <BookingCard key={b._id} b={b} busy={busy} onAct={onAct} />)}
        </ul>
      )}
    </section>
  );
}

function BookingCard({ b, busy, onAct }: { b: VendorBooking; busy: boolean; onAct: OnAct }) {
  const { i18n, t } = useLingui();
  const instructions = b.address.specialInstructions;
  return (
    <li className="card" data-testid="vendor-booking">
      <div className="card-body d-flex flex-column flex-md-row gap-3 justify-content-between">
        <div>
          <p className="fw-semibold mb-1">{b.serviceDate} · {b.serviceTime}</p>
          <p className="small text-body-secondary mb-1">{formatRupees(b.totalAmount)} · {b.paymentStatus === 'Paid' ? t`Paid` : b.paymentMethod === 'cash' ? t`Cash at the service` : t`Payment pending`}</p>
          <p className="small mb-0">{b.customer.fullName} · {b.customer.phone} · {[b.address.street, b.address.city].filter(Boolean).join(', ')}</p>
          {instructions ? <p className="small text-body-secondary mb-0"><Trans>Note: {instructions}</Trans></p> : null}
          {b.days ? <p className="small mb-0" data-testid="job-days">{b.days.join(', ')}</p> : null}
          {b.kind === 'visit' ? <SendQuote visit={b} /> : null}
        </div>
        <div className="d-flex align-items-center gap-2 flex-wrap">
          <span className={`badge ${BADGE[b.status]}`}>{portalTerm(i18n, b.status)}</span>
          {(ACTIONS[b.status] ?? []).map((a) => (
            <button key={a.to} type="button" className={`btn btn-sm ${a.style}`} disabled={busy} onClick={() => onAct(b, a.to)}>{i18n._(a.label)}</button>
          ))}
          <ProposeTime b={b} />
          <ArrivalActions b={b} />
        </div>
      </div>
    </li>
  );
}
