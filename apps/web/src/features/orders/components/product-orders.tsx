import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { OrderLine } from '@nirmaan/shared/cart';
import type { InvoiceSummary } from '@nirmaan/shared/gst';
import { CART_MSG } from '@nirmaan/shared/messages';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { useDateLocale } from '../../../lib/i18n.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatRupees } from '@nirmaan/shared/money';
import { formatDate } from '@nirmaan/shared/dates';
import { formatDeliveryDate, windowLabel } from '../../../lib/delivery.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { useCancelOrderLine, useInvoices, useOrderLines } from '../api/orders.ts';
import { PAY_MSG, payErrorMessage, startPayNow, usePayment, usePaymentOptions } from '../../../lib/razorpay.ts';

const FILTERS = ['All Orders', 'Delivered', 'Shipped', 'Pending', 'Cancelled'] as const;
type Filter = (typeof FILTERS)[number];
const ALL_ORDERS: MessageDescriptor = msg`All Orders`;
const BADGE: Record<OrderLine['orderStatus'], string> = { Pending: 'text-bg-warning', Shipped: 'text-bg-info', Delivered: 'text-bg-success', Cancelled: 'text-bg-secondary' };

/** Lines with the same placed time and address form one card (the spec's My orders screen). */
export function groupOrders(lines: readonly OrderLine[]) {
  const groups = new Map<string, OrderLine[]>();
  for (const line of lines) {
    const key = `${line.orderedAt}|${JSON.stringify(line.shippingAddress)}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.values()];
}

/** A Pending online or UPI order with a live line can still be paid. */
const payable = (lines: readonly OrderLine[]) => lines[0]!.paymentMethod !== 'cod'
  && lines.every((l) => l.paymentStatus === 'Pending') && lines.some((l) => l.orderStatus !== 'Cancelled');

/** What the page says when a mailed pay link (`/myorder?pay=<orderId>`) cannot start a payment. */
export const PAY_LINK_MSG = {
  notFound: 'This order was not found among your orders.',
  notPayable: 'This order needs no payment now: it is paid, cancelled or paid in cash on delivery.',
} as const;

/** A delivered line's tax invoice (or bill of supply): its seller's invoice for the order, opened as a PDF. */
function InvoiceLink({ line, invoices }: { line: OrderLine; invoices: readonly InvoiceSummary[] | undefined }) {
  if (line.orderStatus !== 'Delivered') return null;
  const invoice = invoices?.find((i) => i.orderId === line.orderId && i.vendorId === line.vendorid && i.kind !== 'credit_note');
  if (!invoice) return null;
  return <InvoiceAnchor href={invoice.pdfUrl} number={invoice.number} product={line.productName} />;
}

function InvoiceAnchor({ href, number, product }: { href: string; number: string; product: string }) {
  const { t } = useLingui();
  return (
    <a className="btn btn-outline-secondary btn-sm" href={href} target="_blank" rel="noopener" aria-label={t`Invoice ${number} for ${product}`}>
      <Trans>Invoice</Trans>
    </a>
  );
}

const cancellable = (line: OrderLine) => line.orderStatus !== 'Delivered' && line.orderStatus !== 'Cancelled';

/** My orders → Product Orders: grouped cards, the status filter, and cancel behind a confirmation; `lineExtra` adds to each line (disputes). */
export function ProductOrders({ lineExtra }: { lineExtra?: (line: OrderLine) => ReactNode } = {}) {
  const { userId } = useStoredUser();
  const orders = useOrderLines(userId);
  const invoices = useInvoices(userId);
  const cancel = useCancelOrderLine();
  const toast = useToast();
  const { i18n, t } = useLingui();
  const [filter, setFilter] = useState<Filter>('All Orders');
  const [confirming, setConfirming] = useState<OrderLine | null>(null);
  const pay = usePayment();
  const { settled: paymentOptionsSettled } = usePaymentOptions();
  const [paying, setPaying] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const payFor = params.get('pay');
  const handledPayLink = useRef<string | null>(null);

  const payNow = async (line: OrderLine) => {
    setPaying(line.orderId);
    try {
      const outcome = await pay(await startPayNow(line.orderId), { name: line.customerName, email: line.email, contact: line.phone });
      toast(term(i18n, PAY_MSG[outcome]), outcome === 'paid' ? 'success' : 'warning');
    } catch (err) {
      toast(term(i18n, payErrorMessage(err)), 'danger');
    } finally {
      setPaying(null);
    }
  };

  // A pay link from the order mail opens "Pay now" for its order once, then leaves the address bar clean.
  useEffect(() => {
    if (!payFor || !orders.data || !paymentOptionsSettled || handledPayLink.current === payFor) return;
    handledPayLink.current = payFor;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('pay');
      return next;
    }, { replace: true });
    const lines = orders.data.filter((l) => l.orderId === payFor);
    if (lines.length === 0) toast(term(i18n, PAY_LINK_MSG.notFound), 'warning');
    else if (!payable(lines)) toast(term(i18n, PAY_LINK_MSG.notPayable), 'info');
    // Opening checkout for the link is this effect's whole point; "Paying..." shows while it runs.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    else void payNow(lines[0]!);
    // payNow and toast are new each render; this runs once per link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payFor, orders.data, paymentOptionsSettled]);

  if (orders.isPending) return <Loading text={t`Loading your orders...`} />;
  if (orders.isError) return <ErrorState><Trans>Your orders could not be loaded. Please try again.</Trans></ErrorState>;
  const shown = orders.data.filter((l) => filter === 'All Orders' || l.orderStatus === filter);
  const groups = groupOrders(shown);

  const confirm = () => confirming && cancel.mutate(confirming._id, {
    onSuccess: () => toast(term(i18n, CART_MSG.orderCancelled), 'success'),
    onError: () => toast(term(i18n, CART_MSG.failedToCancel), 'danger'),
    onSettled: () => setConfirming(null),
  });

  return (
    <div>
      <StatusFilter filter={filter} onChange={setFilter} />
      {groups.length === 0 ? (
        <p className="text-body-secondary py-4">{term(i18n, CART_MSG.noOrdersMatch)}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-3 mb-0" aria-label={t`Product orders`}>
          {groups.map((lines) => (
            <OrderGroup key={`${lines[0]!.orderedAt}-${lines[0]!._id}`} lines={lines} paying={paying} onPay={(line) => void payNow(line)} onCancel={setConfirming}
              invoices={invoices.data?.invoices} lineExtra={lineExtra} />
          ))}
        </ul>
      )}
      {confirming ? (
        <ConfirmDialog title={t`Cancel this order?`} keepLabel={t`Keep order`} confirmLabel={t`Yes, cancel`} busyLabel={t`Cancelling...`}
          busy={cancel.isPending} onKeep={() => setConfirming(null)} onConfirm={confirm}>
          <p className="mb-0"><Trans>{confirming.productName} × {confirming.quantity} will be cancelled.</Trans></p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The lines placed together to one address: when, how paid, the total with Pay now, each line with its invoice, Cancel and `lineExtra`. */
function OrderGroup({ lines, paying, onPay, onCancel, invoices, lineExtra }: {
  lines: OrderLine[]; paying: string | null; onPay: (line: OrderLine) => void; onCancel: (line: OrderLine) => void;
  invoices: readonly InvoiceSummary[] | undefined; lineExtra: ((line: OrderLine) => ReactNode) | undefined;
}) {
  const first = lines[0]!;
  const { i18n, t } = useLingui();
  const dates = useDateLocale();
  const placed = formatDate(first.orderedAt, dates);
  const method = first.paymentMethod === 'cod' ? t`Cash on delivery` : first.paymentMethod.toUpperCase();
  const total = formatRupees(first.orderTotal);
  return (
    <li className="card">
      <div className="card-header d-flex flex-wrap justify-content-between gap-2 small">
        <span><Trans>Placed {placed} · {method}</Trans></span>
        <span className="d-flex align-items-center gap-2">
          <Trans>Order total {total}</Trans>
          <StillToPay line={first} />
          {payable(lines) ? (
            <button type="button" className="btn btn-primary btn-sm" disabled={paying !== null} onClick={() => onPay(first)}>
              {paying === first.orderId ? t`Paying...` : t`Pay now`}
            </button>
          ) : null}
        </span>
      </div>
      <ul className="list-group list-group-flush">
        {lines.map((line) => (
          <li key={line._id} className="list-group-item d-flex flex-wrap align-items-center gap-3">
            <img src={line.productImage} alt="" width="64" height="48" className="rounded object-fit-cover bg-body-tertiary" />
            <div className="flex-grow-1 min-w-0">
              <p className="fw-semibold mb-0">{line.productName}</p>
              <p className="small text-body-secondary mb-0">{line.quantity} × {formatRupees(line.pricePerUnit, { wholeRupees: 'short' })} = {formatRupees(line.totalPrice, { wholeRupees: 'short' })} · <Trans>Payment {term(i18n, line.paymentStatus)}</Trans></p>
              {line.deliveryDate && line.orderStatus !== 'Cancelled' && line.orderStatus !== 'Delivered'
                ? <LineDelivery date={line.deliveryDate} window={line.deliveryWindow} />
                : null}
              <DeliveryNote line={line} />
            </div>
            <span className={`badge ${BADGE[line.orderStatus]}`}>{term(i18n, line.orderStatus)}</span>
            <InvoiceLink line={line} invoices={invoices} />
            {cancellable(line) ? (
              <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onCancel(line)}>{t`Cancel`}</button>
            ) : null}
            {lineExtra?.(line)}
          </li>
        ))}
      </ul>
      <div className="card-footer small text-body-secondary">
        <Trans>Deliver to {first.shippingAddress.fullAddress}, {first.shippingAddress.city} {first.shippingAddress.pincode}</Trans>
      </div>
    </li>
  );
}

/**
 * At the door (decision 032): a Shipped line's delivery code, to give the person delivering once the goods are in
 * hand; a Delivered line's date, and, when it was left with someone else, who took it and the seller's photo.
 */
function DeliveryNote({ line }: { line: OrderLine }) {
  const { t } = useLingui();
  const dates = useDateLocale();
  if (line.orderStatus === 'Shipped' && line.deliveryCode) {
    return (
      <p className="small mb-0 mt-1">
        <Trans>Delivery code</Trans> <strong className="font-monospace fs-6" aria-label={t`Delivery code ${line.deliveryCode}`}>{line.deliveryCode}</strong>
        <span className="text-body-secondary"> · <Trans>give it to the person delivering, once you have the goods</Trans></span>
      </p>
    );
  }
  if (line.orderStatus !== 'Delivered' || !line.deliveredAt) return null;
  const away = line.deliveredWithPhoto;
  const delivered = formatDate(line.deliveredAt, dates);
  return (
    <p className="small mb-0 mt-1">
      <Trans>Delivered {delivered}</Trans>
      {away ? (
        <span className="text-warning-emphasis">
          {' '}· <span className="badge text-bg-warning"><Trans>Left with someone</Trans></span> <Trans>received by {away.receivedBy} in your absence</Trans> ·{' '}
          <a href={away.photoUrl} target="_blank" rel="noopener"><Trans>Delivery photo</Trans></a>
        </span>
      ) : null}
    </p>
  );
}

/** After a partial cancel of an unpaid order, what is left to pay (the server's figure, which Pay now charges). */
function StillToPay({ line }: { line: OrderLine }) {
  const due = line.amountDue;
  if (due === undefined || due === 0 || due === line.orderTotal) return null;
  const amount = formatRupees(due);
  return <span className="fw-semibold">· <Trans>Still to pay {amount}</Trans></span>;
}

function StatusFilter({ filter, onChange }: { filter: Filter; onChange: (f: Filter) => void }) {
  const filterId = useId();
  const { i18n } = useLingui();
  return (
    <div className="d-flex align-items-center gap-2 mb-3">
      <label htmlFor={filterId} className="form-label mb-0 small fw-semibold"><Trans>Status</Trans></label>
      <select id={filterId} className="form-select w-auto" value={filter} onChange={(e) => onChange(e.target.value as Filter)}>
        {FILTERS.map((f) => <option key={f} value={f}>{f === 'All Orders' ? i18n._(ALL_ORDERS) : term(i18n, f)}</option>)}
      </select>
    </div>
  );
}

/** A line's chosen delivery day and window, in the page's language. */
function LineDelivery({ date, window }: { date: string; window: OrderLine['deliveryWindow'] }) {
  const { i18n } = useLingui();
  const day = formatDeliveryDate(date, useDateLocale());
  const slot = window ? term(i18n, windowLabel(window)).toLowerCase() : null;
  return <p className="small mb-0" data-testid="line-delivery">{slot ? <Trans>Delivery {day}, {slot}</Trans> : <Trans>Delivery {day}</Trans>}</p>;
}
