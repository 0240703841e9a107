import type { ReactNode } from 'react';
import { Link, useOutletContext } from 'react-router';
import type { VendorMe } from '@nirmaan/shared/vendor-auth';
import { RatingSummary } from '../../../components/ui/rating-summary.tsx';
import { Stars } from '../../../components/ui/stars.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { formatRupees } from '@nirmaan/shared/money';
import { formatDate } from '@nirmaan/shared/dates';
import { useVendorDashboard } from '../api/vendor-dashboard.ts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useDateLocale } from '../../../lib/i18n.ts';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';

function Figure({ label, value, to }: { label: string; value: ReactNode; to?: string }) {
  const body = <div className="card-body"><p className="small text-body-secondary mb-1">{label}</p><p className="h4 mb-0">{value}</p></div>;
  return (
    <div className="col-6 col-lg">
      {to ? <Link to={to} className="card h-100 text-decoration-none" aria-label={label}>{body}</Link> : <div className="card h-100">{body}</div>}
    </div>
  );
}

function Panel({ title, to, empty, children }: { title: string; to?: string; empty: string; children: ReactNode[] }) {
  return (
    <section className="col-lg-6" aria-label={title}>
      <div className="card h-100">
        <div className="card-header d-flex justify-content-between align-items-center">
          <h2 className="h6 mb-0">{title}</h2>
          {to && <Link to={to} className="small"><Trans>See all</Trans></Link>}
        </div>
        {children.length === 0 ? <p className="card-body text-body-secondary mb-0">{empty}</p> : <ul className="list-group list-group-flush">{children}</ul>}
      </div>
    </section>
  );
}

/** A booking's day and slot. */
function DayAt({ date, time }: { date: string; time: string }) {
  return <Trans>{date} at {time}</Trans>;
}

/** The portal's front page (/vendor): what needs doing now and how the business is going. */
export function Component() {
  // The portal's frame passes the logged-in vendor down.
  const vendor = useOutletContext<VendorMe>();
  const dashboard = useVendorDashboard();
  const { i18n, t } = useLingui();
  const dateLocale = useDateLocale();
  const failureText = useFailureText();
  const owner = vendor.Owner_name;

  return (
    <section className="container">
      <h1 className="h3"><Trans>Welcome, {owner}</Trans></h1>
      <p className="text-body-secondary">{vendor.Business_Name} · {portalTerm(i18n, vendor.Category)} · {vendor.city}</p>
      {dashboard.isPending ? <Loading text={t`Loading your dashboard...`} />
        : dashboard.isError ? <ErrorState>{failureText(dashboard.error, t`Could not load your dashboard.`)}</ErrorState>
          : (() => {
            const d = dashboard.data;
            // Views are of products: a professional sells none.
            const views = vendor.kind === 'seller' ? d.productViews : undefined;
            return (
              <>
                <div className="row g-3 mb-4" data-testid="dashboard-figures">
                  <Figure label={t`New orders`} value={d.newOrders} to="/vendor/orders" />
                  <Figure label={t`Upcoming bookings`} value={d.upcomingBookings} to="/vendor/bookings" />
                  <Figure label={t`Unread messages`} value={d.unreadMessages} to="/vendor/chat" />
                  <Figure label={t`Rating`} value={<RatingSummary rating={d.rating.average} count={d.rating.count} long />} to="/vendor/reviews" />
                  <Figure label={t`Revenue this month`} value={formatRupees(d.revenueThisMonth)} />
                  {views && <Figure label={t`Product views`} value={views.total.toLocaleString('en-IN')} to="/vendor/products" />}
                </div>
                <div className="row g-3">
                  <Panel title={t`Latest orders`} to="/vendor/orders" empty={t`No orders yet.`}>
                    {d.latestOrders.map((l) => (
                      <li key={l._id} className="list-group-item d-flex justify-content-between gap-2">
                        <span>{l.productName} × {l.quantity}<span className="d-block small text-body-secondary">{l.customerName} · {formatDate(l.orderedAt, dateLocale)}</span></span>
                        <span className="badge text-bg-light align-self-center">{portalTerm(i18n, l.orderStatus)}</span>
                      </li>
                    ))}
                  </Panel>
                  <Panel title={t`Next bookings`} to="/vendor/bookings" empty={t`No upcoming bookings.`}>
                    {d.nextBookings.map((b) => (
                      <li key={b._id} className="list-group-item d-flex justify-content-between gap-2">
                        <span><DayAt date={formatDate(`${b.serviceDate}T12:00:00Z`, dateLocale)} time={portalTerm(i18n, b.serviceTime)} /><span className="d-block small text-body-secondary">{b.customer.fullName} · {b.address.city}</span></span>
                        <span className="badge text-bg-light align-self-center">{portalTerm(i18n, b.status)}</span>
                      </li>
                    ))}
                  </Panel>
                  <Panel title={t`Latest messages`} to="/vendor/chat" empty={t`No messages yet.`}>
                    {d.latestMessages.map((c) => (
                      <li key={c.partner._id} className="list-group-item d-flex justify-content-between gap-2">
                        <span className="text-truncate">{c.partner.name}<span className="d-block small text-body-secondary text-truncate">{c.lastMessage.text}</span></span>
                        {c.unread > 0 && <span className="badge text-bg-primary align-self-center"><Trans>{c.unread} unread</Trans></span>}
                      </li>
                    ))}
                  </Panel>
                  <Panel title={t`Latest reviews`} to="/vendor/reviews" empty={t`No reviews yet.`}>
                    {d.latestReviews.map((r) => (
                      <li key={r._id} className="list-group-item">
                        <Stars rating={r.rating} /> <span className="fw-semibold">{r.customerName}</span>
                        <span className="d-block small">{r.comment}</span>
                      </li>
                    ))}
                  </Panel>
                  {views && (
                    <Panel title={t`Most viewed products`} to="/vendor/products" empty={t`No product views yet.`}>
                      {views.top.map((p) => (
                        <li key={p._id} className="list-group-item d-flex justify-content-between gap-2">
                          <Link to={`/product/${p._id}`} className="text-truncate">{p.ProductName}</Link>
                          <span className="text-body-secondary text-nowrap"><Plural value={p.views} one="# view" other="# views" /></span>
                        </li>
                      ))}
                    </Panel>
                  )}
                </div>
              </>
            );
          })()}
    </section>
  );
}
