import { EARNING_STATE_LABELS, type Earning, type EarningState, type Earnings } from '@nirmaan/shared/earnings';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
import { useDateLocale } from '../../../lib/i18n.ts';
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
  const { i18n } = useLingui();
  const dateLocale = useDateLocale();
  const state = portalTerm(i18n, EARNING_STATE_LABELS[e.state]);
  const date = e.state === 'on_hold' && e.holdUntil ? formatDate(e.holdUntil, dateLocale) : null;
  return <span className={`badge ${BADGE[e.state]}`}>{date ? <Trans>{state} until {date}</Trans> : state}</span>;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The server's "November 2026" in the page's language (its month name, Latin digits); anything else as written. */
function monthIn(label: string, locale: string) {
  const [name = '', year = ''] = label.split(' ');
  const month = MONTHS.indexOf(name);
  if (month < 0 || !/^\d{4}$/.test(year)) return label;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(year), month, 1));
}

function Totals({ data }: { data: Earnings }) {
  const { t } = useLingui();
  const dateLocale = useDateLocale();
  const month = monthIn(data.month.label, dateLocale);
  const card = (label: string, value: string, testId: string) => (
    <div className="col-6 col-md-3">
      <div className="card card-body h-100">
        <div className="small text-body-secondary">{label}</div>
        <div className="fs-5 fw-semibold" data-testid={testId}>{value}</div>
      </div>
    </div>
  );
  return (
    <div className="row g-3 mb-4" aria-label={t`Totals`}>
      {card(t`Sales in ${month}`, formatPaise(data.month.grossPaise), 'month-gross')}
      {card(t`Commission`, formatPaise(data.month.commissionPaise), 'month-commission')}
      {card(t`Your earnings`, formatPaise(data.month.netPaise), 'month-net')}
      {card(t`Commission owed on cash sales`, formatPaise(data.cashCommissionOwedPaise), 'cash-owed')}
    </div>
  );
}

function EarningsTable({ entries }: { entries: Earning[] }) {
  const { i18n, t } = useLingui();
  const dateLocale = useDateLocale();
  if (entries.length === 0) return <EmptyState><Trans>No earnings yet: paid orders and bookings show here.</Trans></EmptyState>;
  return (
    <div className="table-responsive">
      <table className="w-100 align-middle" aria-label={t`Earnings`}>
        <thead>
          <tr className="border-bottom">
            <th className={CELL}><Trans>Date</Trans></th><th className={CELL}><Trans>Item</Trans></th><th className={`${CELL} text-end`}><Trans>Gross</Trans></th>
            <th className={`${CELL} text-end`}><Trans>Commission</Trans></th><th className={`${CELL} text-end`}><Trans>Net</Trans></th><th className={CELL}><Trans>Status</Trans></th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-bottom">
              <td className={`${CELL} text-nowrap`}>{formatDate(e.date, dateLocale)}</td>
              <td className={CELL}>{e.title}<div className="small text-body-secondary">{e.kind === 'booking' ? <Trans>Booking</Trans> : <Trans>Order</Trans>} · {portalTerm(i18n, e.paymentMethod)}</div></td>
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
  const { t } = useLingui();
  const failureText = useFailureText();
  return (
    <section className="container">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-1">
        <h1 className="h3 mb-0"><Trans>Earnings</Trans></h1>
        <a className="btn btn-outline-primary btn-sm" href={EARNINGS_CSV_URL} download="earnings.csv"><Trans>Export CSV</Trans></a>
      </div>
      <p className="text-body-secondary"><Trans>Online payments reach your payout account on hold and are released when you deliver. On cash sales you keep the money and owe our commission, which we take from your next online payments.</Trans></p>
      {earnings.isPending ? <Loading text={t`Loading your earnings...`} />
        : earnings.isError ? <ErrorState>{failureText(earnings.error, t`Could not load your earnings.`)}</ErrorState>
          : (
            <>
              <Totals data={earnings.data} />
              <EarningsTable entries={earnings.data.entries} />
            </>
          )}
    </section>
  );
}
