import { useState } from 'react';
import { readyToShip, type OrderLine, type VendorLineMove } from '@nirmaan/shared/cart';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { formatRupees } from '@nirmaan/shared/money';
import { formatDate } from '@nirmaan/shared/dates';
import { formatDeliveryDate, windowLabel } from '../../../lib/delivery.ts';
import { useMoveLine, useVendorOrders } from '../api/vendor-orders.ts';

const BADGE: Record<OrderLine['orderStatus'], string> = { Pending: 'text-bg-warning', Shipped: 'text-bg-info', Delivered: 'text-bg-success', Cancelled: 'text-bg-secondary' };
/** The one move each status allows (the server checks it again). */
const NEXT: Partial<Record<OrderLine['orderStatus'], { to: 'Shipped' | 'Delivered'; label: string }>> = {
  Pending: { to: 'Shipped', label: 'Mark Shipped' },
  Shipped: { to: 'Delivered', label: 'Mark Delivered' },
};

/** Vendor orders (/vendor/orders): every line to ship, newest first, with the customer's address and the next step. */
export function Component() {
  const orders = useVendorOrders();
  const move = useMoveLine();
  const toast = useToast();

  const [cancelling, setCancelling] = useState<OrderLine | null>(null);

  const advance = (line: OrderLine, to: VendorLineMove) => move.mutate({ lineId: line._id, status: to }, {
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
                {orders.data.map((line) => {
                  const next = NEXT[line.orderStatus];
                  const a = line.shippingAddress;
                  return (
                    <li key={line._id} className="card" data-testid="vendor-order-line">
                      <div className="card-body d-flex flex-column flex-md-row gap-3 justify-content-between">
                        <div>
                          <p className="fw-semibold mb-1">{line.productName} × {line.quantity}</p>
                          <p className="small text-body-secondary mb-1">
                            {formatRupees(line.totalPrice)} · {line.paymentStatus === 'Paid' ? 'Paid' : 'Payment pending'} · ordered {formatDate(line.orderedAt)}
                          </p>
                          <p className="small mb-0">{line.customerName} · {line.phone} · {[a.fullAddress, a.city, a.state, a.pincode].filter(Boolean).join(', ')}</p>
                          {line.deliveryDate ? <p className="small mb-0 fw-semibold">Deliver {formatDeliveryDate(line.deliveryDate)}{line.deliveryWindow ? `, ${windowLabel(line.deliveryWindow).toLowerCase()}` : ''}</p> : null}
                        </div>
                        <div className="d-flex align-items-center gap-2">
                          <span className={`badge ${BADGE[line.orderStatus]}`}>{line.orderStatus}</span>
                          {next && (next.to !== 'Shipped' || readyToShip(line)) && (
                            <button type="button" className="btn btn-sm btn-primary" disabled={move.isPending} onClick={() => advance(line, next.to)}>
                              {next.label}
                            </button>
                          )}
                          {line.orderStatus === 'Pending' && !readyToShip(line) && <span className="small text-body-secondary">Awaiting payment</span>}
                          {line.orderStatus === 'Pending' && readyToShip(line) && (
                            <button type="button" className="btn btn-sm btn-outline-danger" disabled={move.isPending} onClick={() => setCancelling(line)}>
                              Cancel
                            </button>
                          )}
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
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
