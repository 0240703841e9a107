import { Link } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAccountDisplay } from '../lib/session.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

type FooterLink = { to: string; label: MessageDescriptor };

const exploreLinks: FooterLink[] = [
  { to: '/about', label: msg`About` },
  { to: '/Category', label: msg`Categories` },
  { to: '/product', label: msg`Materials` },
  { to: '/service', label: msg`Services` },
];
const popularLinks: FooterLink[] = [
  { to: '/product?search=Cement', label: msg`Cement` },
  { to: '/product?search=Steel', label: msg`Steel` },
  { to: '/service?search=Plumber', label: msg`Plumbers` },
  { to: '/service?search=Electrician', label: msg`Electricians` },
];
const visitorLinks: FooterLink[] = [
  { to: '/login', label: msg`Login` },
  { to: '/signup', label: msg`Sign up` },
  { to: '/cart', label: msg`Cart` },
];
const customerLinks: FooterLink[] = [
  { to: '/profile', label: msg`My profile` },
  { to: '/myorder', label: msg`My orders` },
  { to: '/requests', label: msg`My requests` },
  { to: '/cart', label: msg`Cart` },
];

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  const { i18n } = useLingui();
  return (
    <div className="col-6 col-md-3 col-lg-2">
      <h2 className="footer-heading">{title}</h2>
      <ul className="list-unstyled mb-0">
        {links.map((l) => (
          <li key={l.to}><Link className="footer-link" to={l.to}>{i18n._(l.label)}</Link></li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { t } = useLingui();
  const { isLoggedIn } = useAccountDisplay();
  return (
    <footer className="site-footer">
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-12 col-lg-4">
            <Link className="brand brand-light mb-3" to="/">
              <span className="brand-mark" aria-hidden="true">N</span>
              Nirmaan
            </Link>
            <p className="mb-0 footer-text">
              <Trans>
                Verified civil engineers, contractors and craftsmen, and quality building materials from trusted
                vendors — everything your project needs, in one place.
              </Trans>
            </p>
            <LanguageSwitcher variant="footer" />
          </div>
          <LinkColumn title={t`Explore`} links={exploreLinks} />
          <LinkColumn title={t`Popular`} links={popularLinks} />
          <LinkColumn title={t`Account`} links={isLoggedIn ? customerLinks : visitorLinks} />
          <div className="col-6 col-md-3 col-lg-2">
            <h2 className="footer-heading"><Trans>Contact</Trans></h2>
            <address className="mb-0">
              <a className="footer-link" href="tel:+914045678900">+91 40 4567 8900</a>
              <a className="footer-link" href="mailto:support@nirmaan.in">support@nirmaan.in</a>
              <span className="footer-text d-block"><Trans>Hyderabad, Telangana</Trans></span>
            </address>
          </div>
        </div>
        <hr className="footer-rule" />
        <p className="small mb-0 footer-text"><Trans>© 2026 Nirmaan. All rights reserved.</Trans></p>
      </div>
    </footer>
  );
}
