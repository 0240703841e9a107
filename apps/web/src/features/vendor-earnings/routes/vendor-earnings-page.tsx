import { EARNING_STATE_LABELS, type Earning, type EarningState, type Earnings } from '@nirmaan/shared/earnings';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { failureText } from '../../../lib/api.ts';
import { formatDate } from '@nirmaan/shared/dates';
import { formatPaise } from '@nirmaan/shared/money';
import { EARNINGS_CSV_URL, useEarnings } from '../api/earnings.ts';

/** Bootstrap's table styles are not in the bundle: spacing from utilities. */
const CELL = 'px-2 py-2';

const BADGE: Record<EarningState, string> = {
  awaiting_account: 'text-bg-warning', payable: 'text-bg-info', on_hold: 'text-bg-secondary', released: 'text-bg-primary',
  transferred: 'text-bg-success', reversed: 'text-bg-danger', owed: 'text-bg-dark',
};

function StateBadge({ e }: { e: Earning }) {
  const until = e.state === 'on_hold' && e.holdUntil ? ` until ${formatDate(e.holdUntil)}` : '';
  return <span className={`badge ${BADGE[e.state]}`}>{EARNING_STATE_LABELS[e.state]}{until}</span>;
}

function Totals({ data }: { data: Earnings }) {
  const card = (label: string, value: string, testId: string) => (
    <div className="col-6 col-md-3">
      <div className="card card-body h-100">
        <div className="small text-body-secondary">{label}</div>
        <div className="fs-5 fw-semibold" data-testid={testId}>{value}</div>
      </div>
    </div>
  );
  return (
    <div className="row g-3 mb-4" aria-label="Totals">
      {card(`Sales in ${data.month.label}`, formatPaise(data.month.grossPaise), 'month-gross')}
      {card('Commission', formatPaise(data.month.commissionPaise), 'month-commission')}
      {card('Your earnings', formatPaise(data.month.netPaise), 'month-net')}
      {card('Commission owed on cash sales', formatPaise(data.cashCommissionOwedPaise), 'cash-owed')}
    </div>
  );
}

function EarningsTable({ entries }: { entries: Earning[] }) {
  if (entries.length === 0) return <EmptyState>No earnings yet: paid orders and bookings show here.</EmptyState>;
  return (
    <div className="table-responsive">
      <table className="w-100 align-middle" aria-label="Earnings">
        <thead>
          <tr className="border-bottom">
            <th className={CELL}>Date</th><th className={CELL}>Item</th><th className={`${CELL} text-end`}>Gross</th>
            <th className={`${CELL} text-end`}>Commission</th><th className={`${CELL} text-end`}>Net</th><th className={CELL}>Status</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-bottom">
              <td className={`${CELL} text-nowrap`}>{formatDate(e.date)}</td>
              <td className={CELL}>{e.title}<div className="small text-body-secondary">{e.kind === 'booking' ? 'Booking' : 'Order'} · {e.paymentMethod}</div></td>
              <td className={`${CELL} text-end`}>{formatPaise(e.grossPaise)}</td>
              <td className={`${CELL} text-end`}>{formatPaise(e.commissionPaise)}</td>
              <td className={`${CELL} text-end fw-semibold`}>{formatPaise(e.netPaise)}</td>
              <td className={CELL}><StateBadge e={e} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Earnings (/vendor/earnings): what each sale earned, where that money is now, and this month's totals. */
export function Component() {
  const earnings = useEarnings();
  return (
    <section className="container">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-1">
        <h1 className="h3 mb-0">Earnings</h1>
        <a className="btn btn-outline-primary btn-sm" href={EARNINGS_CSV_URL} download="earnings.csv">Export CSV</a>
      </div>
      <p className="text-body-secondary">Online payments reach your payout account on hold and are released when you deliver. On cash sales you keep the money and owe our commission, which we take from your next online payments.</p>
      {earnings.isPending ? <Loading text="Loading your earnings..." />
        : earnings.isError ? <ErrorState>{failureText(earnings.error, 'Could not load your earnings.')}</ErrorState>
          : (
            <>
              <Totals data={earnings.data} />
              <EarningsTable entries={earnings.data.entries} />
            </>
          )}
    </section>
  );
}
