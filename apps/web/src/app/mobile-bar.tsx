import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useAccountDisplay } from '../lib/session.ts';
import { CartBadge, useCartCount } from './header.tsx';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="mobile-bar-icon" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false"
      fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </svg>
  );
}

const icons = {
  home: <Icon><path d="M3 10.5 12 3l9 7.5" /><path d="M5 9.5V21h5v-6h4v6h5V9.5" /></Icon>,
  categories: <Icon><rect x="3" y="3" width="7.5" height="7.5" rx="1.5" /><rect x="13.5" y="3" width="7.5" height="7.5" rx="1.5" /><rect x="3" y="13.5" width="7.5" height="7.5" rx="1.5" /><rect x="13.5" y="13.5" width="7.5" height="7.5" rx="1.5" /></Icon>,
  cart: <Icon><circle cx="9" cy="20" r="1.4" /><circle cx="18" cy="20" r="1.4" /><path d="M2.5 3h2.6l2.4 12h11.4l2.2-8.5H6.2" /></Icon>,
  user: <Icon><circle cx="12" cy="8" r="4" /><path d="M4 21c1.2-4 4.3-6 8-6s6.8 2 8 6" /></Icon>,
};

const linkClass = ({ isActive }: { isActive: boolean }) => `mobile-bar-link${isActive ? ' active' : ''}`;

/** Bottom navigation for phones; the desktop header links are hidden below md. */
export function MobileBar() {
  const { isLoggedIn } = useAccountDisplay();
  const cartCount = useCartCount();
  const { t } = useLingui();
  return (
    <nav className="mobile-bar d-md-none fixed-bottom" aria-label={t`Mobile navigation`}>
      <ul className="mobile-bar-list list-unstyled mb-0">
        <li><NavLink className={linkClass} to="/" end>{icons.home}<span>{t`Home`}</span></NavLink></li>
        <li><NavLink className={linkClass} to="/Category">{icons.categories}<span>{t`Categories`}</span></NavLink></li>
        <li>
          <NavLink className={linkClass} to="/cart">
            <span className="mobile-bar-icon-wrap">{icons.cart}<CartBadge count={cartCount} className="mobile-bar-badge" /></span>
            <span>{t`Cart`}</span>
          </NavLink>
        </li>
        <li>
          {isLoggedIn
            ? <NavLink className={linkClass} to="/profile">{icons.user}<span>{t`Profile`}</span></NavLink>
            : <NavLink className={linkClass} to="/login">{icons.user}<span>{t`Login`}</span></NavLink>}
        </li>
      </ul>
    </nav>
  );
}
