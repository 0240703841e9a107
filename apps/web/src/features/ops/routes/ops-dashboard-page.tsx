import { Link } from 'react-router';
import { useDashboard } from '../api/ops.ts';
import { rupees as fromPaise } from '../api/ops-support.ts';
import { RfqFigures } from '../components/rfq-figures.tsx';

const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 0 })}`;

/** /ops: today's and this month's orders, GMV and bookings (India time), the approval queue, open disputes, and transfers held and failed. */
export function Component() {
  const d = useDashboard();
  if (d.isPending) return <p>Loading…</p>;
  if (d.isError) return <div className="alert alert-danger" role="alert">{d.error.message}</div>;
  const { today, month, vendorsAwaitingApproval, openDisputes, heldTransfers, failedTransfers } = d.data;
  const card = (label: string, value: string, testId: string) => (
    <div className="col-6 col-md-4 col-xl-2" key={testId}>
      <div className="card h-100"><div className="card-body">
        <div className="small text-body-secondary">{label}</div>
        <div className="fs-4 fw-semibold" data-testid={testId}>{value}</div>
      </div></div>
    </div>
  );
  return (
    <>
      <h1 className="h3 mb-3">Dashboard</h1>
      <div className="row g-3 mb-4">
        {card('Orders today', String(today.orders), 'orders-today')}
        {card('GMV today', rupees(today.gmv), 'gmv-today')}
        {card('Bookings today', String(today.bookings), 'bookings-today')}
        {card('Orders this month', String(month.orders), 'orders-month')}
        {card('GMV this month', rupees(month.gmv), 'gmv-month')}
        {card('Bookings this month', String(month.bookings), 'bookings-month')}
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
