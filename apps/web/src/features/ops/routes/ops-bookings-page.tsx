import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { can, OPS_BOOKING_STATUSES, type OperatorMe } from '@nirmaan/shared/ops';
import { failureText } from '../../../lib/api.ts';
import { cancelBooking, rupees, useOpsBooking, useOpsBookings } from '../api/ops-support.ts';
import { CancelWithReason, SearchFrame, Timeline, useSearchState } from '../components/support-parts.tsx';

function BookingDetail({ id, canCancel }: { id: string; canCancel: boolean }) {
  const detail = useOpsBooking(id);
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  if (!detail.data) return <p className="small">{detail.isError ? detail.error.message : 'Loading…'}</p>;
  const { booking, timeline } = detail.data;
  const cancel = async (reason: string) => {
    try {
      await cancelBooking(id, reason);
      setNotice('Cancelled; what was paid is being refunded.');
    } catch (err) {
      setNotice(failureText(err, 'That did not work.'));
    }
    await client.invalidateQueries({ queryKey: ['ops'] });
  };
  return (
    <div className="border rounded p-2 mt-2" aria-label="Booking detail">
      <p className="small mb-1">{booking.customerName} ({booking.customerEmail}) · refunded {rupees(booking.refundedPaise)}</p>
      <Timeline events={timeline} />
      {notice && <p className="small" role="status">{notice}</p>}
      {canCancel && <CancelWithReason what="booking" onCancel={cancel} />}
    </div>
  );
}

/** /ops/bookings: search bookings, open one for its timeline, cancel and refund it with a reason. */
export function Component() {
  const op = useOutletContext<OperatorMe>();
  const state = useSearchState();
  const list = useOpsBookings(state.filter, state.page);
  return (
    <SearchFrame
      title="Bookings" statuses={OPS_BOOKING_STATUSES} state={state} list={list} items={list.data?.bookings} testId="ops-booking" noun="bookings"
      summary={(b) => <>{b.id.slice(0, 8)} · {b.serviceDate} {b.serviceTime} · {b.customerName} · {b.vendorName} · {rupees(b.totalPaise)} · {b.paymentMethod} {b.paymentStatus} · {b.status}</>}
      detail={(id) => <BookingDetail id={id} canCancel={can(op.role, 'refundOrders')} />}
    />
  );
}
