import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { ServiceOrder } from '@nirmaan/shared/booking';
import { BOOKING_MSG } from '@nirmaan/shared/messages';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatRupees } from '@nirmaan/shared/money';
import { formatDate } from '@nirmaan/shared/dates';
import { useStoredUser } from '../../../lib/session.ts';
import { useCancelBooking, useServiceOrders } from '../api/bookings.ts';
import { BookingMoves } from './booking-moves.tsx';
import { BookingArrival } from './booking-arrival.tsx';

const BADGE: Record<ServiceOrder['status'], string> = {
  Pending: 'text-bg-warning', Confirmed: 'text-bg-info', Completed: 'text-bg-success', Cancelled: 'text-bg-secondary', Declined: 'text-bg-danger', 'In progress': 'text-bg-primary',
};

/** The booking's status in the reader's language (the server's words in English). */
function useStatusText(): Record<ServiceOrder['status'], string> {
  const { t } = useLingui();
  return { Pending: t`Pending`, Confirmed: t`Confirmed`, Completed: t`Completed`, Cancelled: t`Cancelled`, Declined: t`Declined`, 'In progress': t`In progress` };
}

/** My orders → Service Orders: date, time, status, amount and address; cancel while it has not started; `bookingExtra` adds to each (disputes). */
export function ServiceOrders({ bookingExtra }: { bookingExtra?: (booking: ServiceOrder) => ReactNode } = {}) {
  const { t } = useLingui();
  const statusText = useStatusText();
  const { userId } = useStoredUser();
  const orders = useServiceOrders(userId);
  const cancel = useCancelBooking();
  const toast = useToast();
  const [confirming, setConfirming] = useState<ServiceOrder | null>(null);

  if (orders.isPending) return <Loading text={t`Loading your bookings...`} />;
  if (orders.isError) return <ErrorState><Trans>Your bookings could not be loaded. Please try again.</Trans></ErrorState>;
  if (orders.data.length === 0) return <p className="text-body-secondary py-4">{BOOKING_MSG.noServiceOrders}</p>;

  return (
    <>
      <ul className="list-unstyled d-flex flex-column gap-3 mb-0" aria-label={t`Service orders`}>
        {orders.data.map((b) => (
          <li key={b._id} className="card">
            <div className="card-body d-flex flex-wrap align-items-center gap-3">
              <div className="flex-grow-1 min-w-0">
                <p className="fw-semibold mb-0">{b.vendorName}</p>
                <p className="small text-body-secondary mb-0">
                  <OrderLine b={b} />
                </p>
                <p className="small text-body-secondary mb-0">{b.address.street}, {b.address.city}</p>
              </div>
              <span className={`badge ${BADGE[b.status]}`}>{statusText[b.status]}</span>
              {b.cancellable ? <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setConfirming(b)}><Trans>Cancel</Trans></button> : null}
              {bookingExtra?.(b)}
              <BookingMoves booking={b} />
              <BookingArrival b={b} />
            </div>
          </li>
        ))}
      </ul>
      {confirming ? (
        <ConfirmDialog
          title={t`Cancel this booking?`} keepLabel={t`Keep booking`} confirmLabel={t`Yes, cancel`} busyLabel={t`Cancelling...`}
          busy={cancel.isPending} onKeep={() => setConfirming(null)}
          onConfirm={() => cancel.mutate(confirming._id, {
            onSuccess: () => toast(BOOKING_MSG.cancelled, 'success'),
            onError: (err) => toast(err.message || BOOKING_MSG.failedToCancel, 'danger'),
            onSettled: () => setConfirming(null),
          })}
        >
          <CancelText b={confirming} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** "28 Nov 2026 at 10:00 AM · ₹1,549 · Cash, payment Pending" (the status words stay the server's). */
function OrderLine({ b }: { b: ServiceOrder }) {
  const { t } = useLingui();
  const date = formatDate(`${b.serviceDate}T00:00:00+05:30`);
  const time = b.serviceTime;
  const amount = formatRupees(b.totalAmount);
  const method = b.paymentMethod === 'cash' ? t`Cash` : b.paymentMethod.toUpperCase();
  const paid: Record<ServiceOrder['paymentStatus'], string> = { Pending: t`payment Pending`, Paid: t`payment Paid`, Refunded: t`payment Refunded` };
  const payment = paid[b.paymentStatus];
  return <Trans>{date} at {time} · {amount} · {method}, {payment}</Trans>;
}

function CancelText({ b }: { b: ServiceOrder }) {
  const name = b.vendorName;
  const date = b.serviceDate;
  const time = b.serviceTime;
  return <p className="mb-0"><Trans>{name} on {date} at {time}.</Trans></p>;
}
