import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { can, OPS_ORDER_LINE_STATUSES, type OperatorMe } from '@nirmaan/shared/ops';
import { failureText } from '../../../lib/api.ts';
import { cancelOrder, rupees, useOpsOrder, useOpsOrders } from '../api/ops-support.ts';
import { CancelWithReason, SearchFrame, Timeline, useSearchState } from '../components/support-parts.tsx';

function OrderDetail({ id, canCancel }: { id: string; canCancel: boolean }) {
  const detail = useOpsOrder(id);
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  if (!detail.data) return <p className="small">{detail.isError ? detail.error.message : 'Loading…'}</p>;
  const { order, lines, timeline } = detail.data;
  const cancel = async (reason: string) => {
    try {
      await cancelOrder(id, reason);
      setNotice('Cancelled; what was paid is being refunded.');
    } catch (err) {
      setNotice(failureText(err, 'That did not work.'));
    }
    await client.invalidateQueries({ queryKey: ['ops'] });
  };
  return (
    <div className="border rounded p-2 mt-2" aria-label="Order detail">
      <p className="small mb-1">{order.customerName} ({order.customerEmail}) · delivery {rupees(order.deliveryFeePaise)}</p>
      <ul className="small mb-2">
        {lines.map((l) => <li key={l.id}>{l.productName} × {l.quantity} · {l.vendorName} · {rupees(l.totalPaise)} · {l.status} · {l.paymentStatus}{l.refundedPaise > 0 ? ` · refunded ${rupees(l.refundedPaise)}` : ''}</li>)}
      </ul>
      <Timeline events={timeline} />
      {notice && <p className="small" role="status">{notice}</p>}
      {canCancel && <CancelWithReason what="order" onCancel={cancel} />}
    </div>
  );
}

/** /ops/orders: search orders, open one for its lines and timeline, cancel and refund it with a reason. */
export function Component() {
  const op = useOutletContext<OperatorMe>();
  const state = useSearchState();
  const list = useOpsOrders(state.filter, state.page);
  return (
    <SearchFrame
      title="Orders" statuses={OPS_ORDER_LINE_STATUSES} state={state} list={list} items={list.data?.orders} testId="ops-order" noun="orders"
      summary={(o) => <>{o.id.slice(0, 8)} · {new Date(o.createdAt).toLocaleDateString('en-IN')} · {o.customerName} · {o.vendors.join(', ')} · {rupees(o.totalPaise)} · {o.paymentMethod} {o.paymentStatus} · {o.statuses.join('/')}</>}
      detail={(id) => <OrderDetail id={id} canCancel={can(op.role, 'refundOrders')} />}
    />
  );
}
