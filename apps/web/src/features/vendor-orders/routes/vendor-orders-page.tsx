import { useState } from 'react';
import { readyToShip, type OrderLine } from '@nirmaan/shared/cart';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { formatRupees } from '@nirmaan/shared/money';
import { formatDate } from '@nirmaan/shared/dates';
import { formatDeliveryDate, windowLabel } from '../../../lib/delivery.ts';
import { useMoveLine, useVendorOrders } from '../api/vendor-orders.ts';
import { DeliverDialog } from '../components/deliver-dialog.tsx';

const BADGE: Record<OrderLine['orderStatus'], string> = { Pending: 'text-bg-warning', Shipped: 'text-bg-info', Delivered: 'text-bg-success', Cancelled: 'text-bg-secondary' };
/** Vendor orders (/vendor/orders): every line to ship, newest first, with the customer's address and the next step. */
export function Component() {
  const orders = useVendorOrders();
  const move = useMoveLine();
  const toast = useToast();

  const [cancelling, setCancelling] = useState<OrderLine | null>(null);
  const [delivering, setDelivering] = useState<OrderLine | null>(null);

  const advance = (line: OrderLine, to: 'Shipped' | 'Cancelled') => move.mutate({ lineId: line._id, status: to }, {
    onSuccess: () => toast(`${line.productName} marked ${to}.`, 'success'),
    onError: (err) => toast(failureText(err, 'Could not change the order. Please try again.'), 'danger'),
    onSettled: () => setCancelling(null),
  });

  return (
    <section className="container">
      <h1 className="h3 mb-3">Orders</h1>
      {orders.isPending ? <Loading text="Loading orders..." />
        : orders.isError ? <ErrorState>{failureText(orders.error, 'Could not load your orders.')}</ErrorState>
          : orders.data.length === 0 ? <EmptyState>No orders yet. They appear here as soon as a customer orders one of your products.</EmptyState>
            : (
              <ul className="list-unstyled d-grid gap-3 mb-0">
                {orders.data.map((line) => (
                  <VendorOrderLine key={line._id} line={line} busy={move.isPending}
                    onShip={() => advance(line, 'Shipped')} onDeliver={() => setDelivering(line)} onCancel={() => setCancelling(line)} />
                ))}
              </ul>
            )}
      {delivering && <DeliverDialog line={delivering} onClose={() => setDelivering(null)} />}
      {cancelling && (
        <ConfirmDialog
          title="Cancel this item?" keepLabel="Keep it" confirmLabel="Cancel item" busyLabel="Cancelling..." busy={move.isPending}
          onKeep={() => setCancelling(null)} onConfirm={() => advance(cancelling, 'Cancelled')}
        >
          <p className="mb-0">
            {cancelling.productName} × {cancelling.quantity} for {cancelling.customerName}: the stock goes back
            {cancelling.paymentStatus === 'Paid' ? ', the customer is refunded' : ''} and the customer is told by mail.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** One line: what, for whom and where, its status, and its next step (Delivered opens the proof dialog). */
function VendorOrderLine({ line, busy, onShip, onDeliver, onCancel }: {
  line: OrderLine; busy: boolean; onShip: () => void; onDeliver: () => void; onCancel: () => void;
}) {
  const a = line.shippingAddress;
  const ready = readyToShip(line);
  return (
    <li className="card" data-testid="vendor-order-line">
      <div className="card-body d-flex flex-column flex-md-row gap-3 justify-content-between">
        <div>
          <p className="fw-semibold mb-1">{line.productName} × {line.quantity}</p>
          <p className="small text-body-secondary mb-1">
            {formatRupees(line.totalPrice)} · {line.paymentStatus === 'Paid' ? 'Paid' : 'Payment pending'} · ordered {formatDate(line.orderedAt)}
            {line.deliveredAt ? ` · delivered ${formatDate(line.deliveredAt)}` : ''}
            {line.deliveredWithPhoto ? ` to ${line.deliveredWithPhoto.receivedBy}` : ''}
          </p>
          <p className="small mb-0">{line.customerName} · {line.phone} · {[a.fullAddress, a.city, a.state, a.pincode].filter(Boolean).join(', ')}</p>
          {line.deliveryDate ? <p className="small mb-0 fw-semibold">Deliver {formatDeliveryDate(line.deliveryDate)}{line.deliveryWindow ? `, ${windowLabel(line.deliveryWindow).toLowerCase()}` : ''}</p> : null}
        </div>
        <div className="d-flex align-items-center gap-2">
          <span className={`badge ${BADGE[line.orderStatus]}`}>{line.orderStatus}</span>
          {line.orderStatus === 'Pending' && ready && <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={onShip}>Mark Shipped</button>}
          {line.orderStatus === 'Shipped' && <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={onDeliver}>Mark Delivered</button>}
          {line.orderStatus === 'Pending' && !ready && <span className="small text-body-secondary">Awaiting payment</span>}
          {line.orderStatus === 'Pending' && ready && (
            <button type="button" className="btn btn-sm btn-outline-danger" disabled={busy} onClick={onCancel}>Cancel</button>
          )}
        </div>
      </div>
    </li>
  );
}
