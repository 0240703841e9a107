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

/** My orders → Service Orders: date, time, status, amount and address; cancel while it has not started; `bookingExtra` adds to each (disputes). */
export function ServiceOrders({ bookingExtra }: { bookingExtra?: (booking: ServiceOrder) => ReactNode } = {}) {
  const { userId } = useStoredUser();
  const orders = useServiceOrders(userId);
  const cancel = useCancelBooking();
  const toast = useToast();
  const [confirming, setConfirming] = useState<ServiceOrder | null>(null);

  if (orders.isPending) return <Loading text="Loading your bookings..." />;
  if (orders.isError) return <ErrorState>Your bookings could not be loaded. Please try again.</ErrorState>;
  if (orders.data.length === 0) return <p className="text-body-secondary py-4">{BOOKING_MSG.noServiceOrders}</p>;

  return (
    <>
      <ul className="list-unstyled d-flex flex-column gap-3 mb-0" aria-label="Service orders">
        {orders.data.map((b) => (
          <li key={b._id} className="card">
            <div className="card-body d-flex flex-wrap align-items-center gap-3">
              <div className="flex-grow-1 min-w-0">
                <p className="fw-semibold mb-0">{b.vendorName}</p>
                <p className="small text-body-secondary mb-0">
                  {formatDate(`${b.serviceDate}T00:00:00+05:30`)} at {b.serviceTime} · {formatRupees(b.totalAmount)} · {b.paymentMethod === 'cash' ? 'Cash' : b.paymentMethod.toUpperCase()}, payment {b.paymentStatus}
                </p>
                <p className="small text-body-secondary mb-0">{b.address.street}, {b.address.city}</p>
              </div>
              <span className={`badge ${BADGE[b.status]}`}>{b.status}</span>
              {b.cancellable ? <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setConfirming(b)}>Cancel</button> : null}
              {bookingExtra?.(b)}
              <BookingMoves booking={b} />
              <BookingArrival b={b} />
            </div>
          </li>
        ))}
      </ul>
      {confirming ? (
        <ConfirmDialog
          title="Cancel this booking?" keepLabel="Keep booking" confirmLabel="Yes, cancel" busyLabel="Cancelling..."
          busy={cancel.isPending} onKeep={() => setConfirming(null)}
          onConfirm={() => cancel.mutate(confirming._id, {
            onSuccess: () => toast(BOOKING_MSG.cancelled, 'success'),
            onError: (err) => toast(err.message || BOOKING_MSG.failedToCancel, 'danger'),
            onSettled: () => setConfirming(null),
          })}
        >
          <p className="mb-0">{confirming.vendorName} on {confirming.serviceDate} at {confirming.serviceTime}.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
