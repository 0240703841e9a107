import { Suspense, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { PagePlaceholder } from '../../../components/ui/page-placeholder.tsx';
import { RouteErrorBoundary } from '../../../app/route-error.tsx';
import { loggedOutByChoice, useResubmit, useVendorLogout, useVendorMe } from '../api/vendor-auth.ts';
import { failureText } from '../../../lib/api.ts';
import { useConversations } from '../../../lib/chat/chat-api.ts';
import { VENDOR_ACCOUNT_MSG } from '@nirmaan/shared/vendor-account';
import { vendorNavFor } from '../nav.ts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from '../../../app/language-switcher.tsx';
import { portalTerm } from '../../../lib/portal-words.ts';
import { useRememberVendorLanguage } from '../api/vendor-language.ts';

/**
 * The vendor portal's frame: its own bar and navigation instead of the shop's header. Every page under it
 * needs a vendor session; without one it goes to /vendor/login and comes back afterwards.
 */
export function Component() {
  const me = useVendorMe();
  const { pathname, search } = useLocation();
  const logOut = useVendorLogout();
  const resubmit = useResubmit();
  const [resubmitNote, setResubmitNote] = useState<string | null>(null);
  const unreadChat = useConversations(Boolean(me.data)).data?.totalUnread ?? 0;
  const { i18n, t } = useLingui();
  useRememberVendorLanguage(me.data?._id ?? '');

  // A remembered "nobody" being checked again (just after a login) is not yet a reason to leave.
  if (me.isPending || (me.data === null && me.isFetching)) return <PagePlaceholder />;
  if (me.data === null) {
    return <Navigate to={loggedOutByChoice() ? '/vendor/login' : `/vendor/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  if (me.isError) {
    return <div className="container py-5"><div className="alert alert-danger" role="alert"><Trans>Server error. Try again later.</Trans></div></div>;
  }
  const vendor = me.data;
  const rejection = vendor.rejectionReason;

  return (
    <div className="vendor-shell d-flex flex-column min-vh-100">
      <a className="skip-link visually-hidden-focusable" href="#main"><Trans>Skip to content</Trans></a>
      <header className="navbar navbar-expand border-bottom bg-body sticky-top">
        <div className="container-fluid gap-3 flex-wrap">
          <Link to="/vendor" className="navbar-brand fw-semibold">Nirmaan <span className="text-body-secondary fw-normal"><Trans>for vendors</Trans></span></Link>
          <nav aria-label={t`Vendor portal`} className="vendor-nav overflow-auto">
            <ul className="nav nav-underline flex-nowrap">
              {vendorNavFor(vendor.kind).map((item) => (
                <li className="nav-item" key={item.to}>
                  <NavLink to={item.to} end={item.to === '/vendor'} className="nav-link text-nowrap">
                    {i18n._(item.label)}
                    {item.unreadChat && unreadChat > 0 ? (
                      <> <span className="badge rounded-pill text-bg-primary" data-testid="nav-unread">
                        {unreadChat}<span className="visually-hidden"> <Plural value={unreadChat} one="unread message" other="unread messages" /></span>
                      </span></>
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ms-auto d-flex align-items-center gap-2">
            <span className="small text-body-secondary d-none d-sm-inline" data-testid="vendor-name">{vendor.Business_Name}</span>
            <LanguageSwitcher variant="header" />
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void logOut()}><Trans>Logout</Trans></button>
          </div>
        </div>
      </header>
      {vendor.status === 'rejected' ? (
        <div className="alert alert-danger rounded-0 mb-0 text-center" role="status" data-testid="vendor-rejected">
          <Trans>Your signup was not approved: {rejection}. Fix your profile, then</Trans>{' '}
          <button type="button" className="btn btn-sm btn-light" onClick={() => void resubmit().then(setResubmitNote, (err: unknown) => setResubmitNote(failureText(err, t`Please try again.`, t`Server error. Try again later.`)))}><Trans>Resubmit</Trans></button>
        </div>
      ) : !vendor.approved && <div className="alert alert-warning rounded-0 mb-0 text-center" role="status">{resubmitNote ?? portalTerm(i18n, VENDOR_ACCOUNT_MSG.awaitingApproval)}</div>}
      <main id="main" className="flex-grow-1 container-fluid py-4" tabIndex={-1}>
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PagePlaceholder />}>
            <Outlet context={vendor} />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
