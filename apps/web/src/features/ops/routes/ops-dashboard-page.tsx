import { Link } from 'react-router';
import { useDashboard } from '../api/ops.ts';
import { rupees as fromPaise } from '../api/ops-support.ts';
import { FigureCard } from '../components/figure-card.tsx';
import { RfqFigures } from '../components/rfq-figures.tsx';

const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 0 })}`;

/** /ops: today's and this month's orders, GMV and bookings (India time), the approval queue, open disputes, and transfers held and failed. */
export function Component() {
  const d = useDashboard();
  if (d.isPending) return <p>Loading…</p>;
  if (d.isError) return <div className="alert alert-danger" role="alert">{d.error.message}</div>;
  const { today, month, vendorsAwaitingApproval, openDisputes, heldTransfers, failedTransfers } = d.data;
  return (
    <>
      <h1 className="h3 mb-3">Dashboard</h1>
      <div className="row g-3 mb-4">
        <FigureCard label="Orders today" value={String(today.orders)} testId="orders-today" />
        <FigureCard label="GMV today" value={rupees(today.gmv)} testId="gmv-today" />
        <FigureCard label="Bookings today" value={String(today.bookings)} testId="bookings-today" />
        <FigureCard label="Orders this month" value={String(month.orders)} testId="orders-month" />
        <FigureCard label="GMV this month" value={rupees(month.gmv)} testId="gmv-month" />
        <FigureCard label="Bookings this month" value={String(month.bookings)} testId="bookings-month" />
      </div>
      <RfqFigures />
      <p>
        <Link to="/ops/vendors?status=pending" className="btn btn-outline-primary">
          Vendors awaiting approval: <span data-testid="pending-vendors">{vendorsAwaitingApproval}</span>
        </Link>{' '}
        <Link to="/ops/disputes?status=open" className="btn btn-outline-primary">
          Open disputes: <span data-testid="open-disputes">{openDisputes ?? 0}</span>
        </Link>{' '}
        <Link to="/ops/money?status=held" className="btn btn-outline-primary">
          Payouts on hold: <span data-testid="held-transfers">{heldTransfers?.count ?? 0}</span> · {fromPaise(heldTransfers?.sumPaise ?? 0)}
        </Link>{' '}
        <Link to="/ops/money?status=failed" className="btn btn-outline-primary">
          Failed transfers: <span data-testid="failed-transfers">{failedTransfers ?? 0}</span>
        </Link>
      </p>
    </>
  );
}
