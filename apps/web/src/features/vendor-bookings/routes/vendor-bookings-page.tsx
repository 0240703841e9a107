import type { VendorBooking } from '@nirmaan/shared/booking';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { formatRupees2 } from '../../../lib/format.ts';
import { useAnswerBooking, useVendorBookings, type BookingMove } from '../api/vendor-bookings.ts';

const BADGE: Record<VendorBooking['status'], string> = {
  Pending: 'text-bg-warning', Confirmed: 'text-bg-info', Completed: 'text-bg-success', Cancelled: 'text-bg-secondary', Declined: 'text-bg-secondary',
};
/** What a professional can do with a booking in each status (the server checks it again). */
const ACTIONS: Partial<Record<VendorBooking['status'], { to: BookingMove; label: string; style: string }[]>> = {
  Pending: [{ to: 'Confirmed', label: 'Confirm', style: 'btn-primary' }, { to: 'Declined', label: 'Decline', style: 'btn-outline-danger' }],
  Confirmed: [{ to: 'Completed', label: 'Complete', style: 'btn-success' }, { to: 'Declined', label: 'Decline', style: 'btn-outline-danger' }],
};

/** Vendor bookings (/vendor/bookings): who booked which date and slot, and Confirm, Decline or Complete. */
export function Component() {
  const bookings = useVendorBookings();
  const answer = useAnswerBooking();
  const toast = useToast();

  const act = (b: VendorBooking, to: BookingMove) => answer.mutate({ id: b._id, status: to }, {
    onSuccess: () => toast(`Booking of ${b.serviceDate} at ${b.serviceTime} ${to.toLowerCase()}.`, 'success'),
    onError: (err) => toast(failureText(err, 'Could not change the booking. Please try again.'), 'danger'),
  });

  return (
    <section className="container">
      <h1 className="h3 mb-3">Bookings</h1>
      {bookings.isPending ? <Loading text="Loading bookings..." />
        : bookings.isError ? <ErrorState>{failureText(bookings.error, 'Could not load your bookings.')}</ErrorState>
          : bookings.data.length === 0 ? <EmptyState>No bookings yet. They appear here as soon as a customer books you.</EmptyState>
            : (
              <ul className="list-unstyled d-grid gap-3 mb-0">
                {bookings.data.map((b) => (
                  <li key={b._id} className="card" data-testid="vendor-booking">
                    <div className="card-body d-flex flex-column flex-md-row gap-3 justify-content-between">
                      <div>
                        <p className="fw-semibold mb-1">{b.serviceDate} · {b.serviceTime}</p>
                        <p className="small text-body-secondary mb-1">{formatRupees2(b.totalAmount)} · {b.paymentStatus === 'Paid' ? 'Paid' : b.paymentMethod === 'cash' ? 'Cash at the service' : 'Payment pending'}</p>
                        <p className="small mb-0">{b.customer.fullName} · {b.customer.phone} · {[b.address.street, b.address.city].filter(Boolean).join(', ')}</p>
                        {b.address.specialInstructions ? <p className="small text-body-secondary mb-0">Note: {b.address.specialInstructions}</p> : null}
                      </div>
                      <div className="d-flex align-items-center gap-2 flex-wrap">
                        <span className={`badge ${BADGE[b.status]}`}>{b.status}</span>
                        {(ACTIONS[b.status] ?? []).map((a) => (
                          <button key={a.to} type="button" className={`btn btn-sm ${a.style}`} disabled={answer.isPending} onClick={() => act(b, a.to)}>{a.label}</button>
                        ))}
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
    </section>
  );
}
