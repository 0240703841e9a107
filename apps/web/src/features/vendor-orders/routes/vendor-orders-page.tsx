import { useState } from 'react';
import { readyToShip, type OrderLine } from '@nirmaan/shared/cart';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatRupees } from '@nirmaan/shared/money';
import { formatDate } from '@nirmaan/shared/dates';
import { formatDeliveryDate, windowLabel } from '../../../lib/delivery.ts';
import { useMoveLine, useVendorOrders } from '../api/vendor-orders.ts';
import { DeliverDialog } from '../components/deliver-dialog.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDateLocale } from '../../../lib/i18n.ts';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';

const BADGE: Record<OrderLine['orderStatus'], string> = { Pending: 'text-bg-warning', Shipped: 'text-bg-info', Delivered: 'text-bg-success', Cancelled: 'text-bg-secondary' };
/** Vendor orders (/vendor/orders): every line to ship, newest first, with the customer's address and the next step. */
export function Component() {
  const orders = useVendorOrders();
  const move = useMoveLine();
  const toast = useToast();
  const { t } = useLingui();
  const failureText = useFailureText();

  const [cancelling, setCancelling] = useState<OrderLine | null>(null);
  const [delivering, setDelivering] = useState<OrderLine | null>(null);

  const advance = (line: OrderLine, to: 'Shipped' | 'Cancelled') => move.mutate({ lineId: line._id, status: to }, {
    onSuccess: () => {
      const name = line.productName;
      toast(to === 'Shipped' ? t`${name} marked Shipped.` : t`${name} marked Cancelled.`, 'success');
    },
    onError: (err) => toast(failureText(err, t`Could not change the order. Please try again.`), 'danger'),
    onSettled: () => setCancelling(null),
  });

  return (
    <section className="container">
      <h1 className="h3 mb-3"><Trans>Orders</Trans></h1>
      {orders.isPending ? <Loading text={t`Loading orders...`} />
        : orders.isError ? <ErrorState>{failureText(orders.error, t`Could not load your orders.`)}</ErrorState>
          : orders.data.length === 0 ? <EmptyState><Trans>No orders yet. They appear here as soon as a customer orders one of your products.</Trans></EmptyState>
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
          title={t`Cancel this item?`} keepLabel={t`Keep it`} confirmLabel={t`Cancel item`} busyLabel={t`Cancelling...`} busy={move.isPending}
          onKeep={() => setCancelling(null)} onConfirm={() => advance(cancelling, 'Cancelled')}
        >
          <CancelNote line={cancelling} />
        </ConfirmDialog>
      )}
    </section>
  );
}

/** What cancelling a line does, said before it is done. */
function CancelNote({ line }: { line: OrderLine }) {
  const name = line.productName;
  const quantity = line.quantity;
  const customer = line.customerName;
  return (
    <p className="mb-0">
      {line.paymentStatus === 'Paid'
        ? <Trans>{name} × {quantity} for {customer}: the stock goes back, the customer is refunded and the customer is told by mail.</Trans>
        : <Trans>{name} × {quantity} for {customer}: the stock goes back and the customer is told by mail.</Trans>}
    </p>
  );
}

/** One line: what, for whom and where, its status, and its next step (Delivered opens the proof dialog). */
function VendorOrderLine({ line, busy, onShip, onDeliver, onCancel }: {
  line: OrderLine; busy: boolean; onShip: () => void; onDeliver: () => void; onCancel: () => void;
}) {
  const a = line.shippingAddress;
  const ready = readyToShip(line);
  const { i18n } = useLingui();
  const dateLocale = useDateLocale();
  const ordered = formatDate(line.orderedAt, dateLocale);
  const delivered = line.deliveredAt ? formatDate(line.deliveredAt, dateLocale) : null;
  const receiver = line.deliveredWithPhoto?.receivedBy;
  const day = line.deliveryDate ? formatDeliveryDate(line.deliveryDate, dateLocale) : null;
  const window = line.deliveryWindow ? portalTerm(i18n, windowLabel(line.deliveryWindow)).toLowerCase() : null;
  return (
    <li className="card" data-testid="vendor-order-line">
      <div className="card-body d-flex flex-column flex-md-row gap-3 justify-content-between">
        <div>
          <p className="fw-semibold mb-1">{line.productName} × {line.quantity}</p>
          <p className="small text-body-secondary mb-1">
            {formatRupees(line.totalPrice)} · {line.paymentStatus === 'Paid' ? <Trans>Paid</Trans> : <Trans>Payment pending</Trans>} · <Trans>ordered {ordered}</Trans>
            {delivered ? <> · {receiver ? <Trans>delivered {delivered} to {receiver}</Trans> : <Trans>delivered {delivered}</Trans>}</> : null}
          </p>
          <p className="small mb-0">{line.customerName} · {line.phone} · {[a.fullAddress, a.city, a.state, a.pincode].filter(Boolean).join(', ')}</p>
          {day ? <p className="small mb-0 fw-semibold">{window ? <Trans>Deliver {day}, {window}</Trans> : <Trans>Deliver {day}</Trans>}</p> : null}
        </div>
        <div className="d-flex align-items-center gap-2">
          <span className={`badge ${BADGE[line.orderStatus]}`}>{portalTerm(i18n, line.orderStatus)}</span>
          {line.orderStatus === 'Pending' && ready && <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={onShip}><Trans>Mark Shipped</Trans></button>}
          {line.orderStatus === 'Shipped' && <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={onDeliver}><Trans>Mark Delivered</Trans></button>}
          {line.orderStatus === 'Pending' && !ready && <span className="small text-body-secondary"><Trans>Awaiting payment</Trans></span>}
          {line.orderStatus === 'Pending' && ready && (
            <button type="button" className="btn btn-sm btn-outline-danger" disabled={busy} onClick={onCancel}><Trans>Cancel</Trans></button>
          )}
        </div>
      </div>
    </li>
  );
}
