import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../lib/api.ts';
import { cartCountKey } from '../lib/query-keys.ts';
import { logOut, useAccountDisplay, useStoredUser } from '../lib/session.ts';
import { HeaderSearch } from './header-search.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

async function fetchCartCount(userId: string): Promise<number> {
  try {
    const body = await api<{ count?: unknown } | undefined>(`/cart/${encodeURIComponent(userId)}/count`);
    return typeof body?.count === 'number' ? body.count : 0;
  } catch (err) {
    // The badge is a nicety: a failure must not disturb the page (the spec's Header screen).
    console.error('Could not load the cart count', err);
    return 0;
  }
}

/**
 * Items in the logged-in customer's cart; 0 when logged out. Lives in the query cache, so
 * `invalidateQueries({ queryKey: cartKey })` or `setQueryData(cartCountKey(id), n)` after a cart
 * change updates the badge. Read straight from the cache rather than through `useQuery`, whose
 * observer machinery would add 2.4 KB gzip to the first bundle (the bundle budget, docs/architecture.md).
 */
export function useCartCount() {
  const client = useQueryClient();
  const { userId } = useStoredUser();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const count = useSyncExternalStore(
    subscribe,
    () => (userId ? (client.getQueryData<number>(cartCountKey(userId)) ?? 0) : 0),
    () => 0,
  );

  useEffect(() => {
    if (!userId) return;
    const queryKey = cartCountKey(userId);
    // No observer keeps this query alive, so it must not be garbage-collected; fresh data is not refetched.
    const load = () => client.prefetchQuery({ queryKey, queryFn: () => fetchCartCount(userId), gcTime: Infinity });
    void load();
    const hash = hashKey(queryKey);
    return client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate' && event.query.queryHash === hash) void load();
    });
  }, [client, userId]);

  return count;
}

export function CartBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={`badge rounded-pill text-bg-primary ${className}`}>
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> <Trans>items in cart</Trans></span>
    </span>
  );
}

function UserMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const logout = async () => {
    setOpen(false);
    await logOut();
    navigate('/login');
  };

  return (
    <li className="nav-item dropdown" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="btn btn-outline-secondary btn-sm dropdown-toggle user-menu-toggle"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen((v) => !v)}
      >
        <span className="user-avatar" aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
        <span className="user-menu-name">{name}</span>
      </button>
      <ul id="user-menu" className={`dropdown-menu dropdown-menu-end position-absolute shadow-sm ${open ? 'show' : ''}`} data-bs-popper="static">
        <li><Link className="dropdown-item" to="/profile" onClick={() => setOpen(false)}><Trans>My profile</Trans></Link></li>
        <li><Link className="dropdown-item" to="/myorder" onClick={() => setOpen(false)}><Trans>My orders</Trans></Link></li>
        <li><Link className="dropdown-item" to="/requests" onClick={() => setOpen(false)}><Trans>My requests</Trans></Link></li>
        <li><hr className="dropdown-divider" /></li>
        <li><button type="button" className="dropdown-item" onClick={logout}><Trans>Logout</Trans></button></li>
      </ul>
    </li>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

export function Header() {
  const { t } = useLingui();
  const { isLoggedIn, userName } = useAccountDisplay();
  const cartCount = useCartCount();
  return (
    <header className="site-header sticky-top">
      <nav className="navbar py-2" aria-label={t`Main navigation`}>
        <div className="container header-row">
          <Link className="navbar-brand brand me-0" to="/">
            <span className="brand-mark" aria-hidden="true">N</span>
            Nirmaan
          </Link>
          <HeaderSearch />
          <LanguageSwitcher variant="header" />
          <ul className="navbar-nav header-links d-none d-md-flex flex-row align-items-center">
            <li className="nav-item"><NavLink className={navClass} to="/" end>{t`Home`}</NavLink></li>
            <li className="nav-item"><NavLink className={navClass} to="/Category">{t`Categories`}</NavLink></li>
            <li className="nav-item"><NavLink className={navClass} to="/about">{t`About`}</NavLink></li>
            <li className="nav-item">
              <NavLink className={navClass} to="/cart">
                {t`Cart`} <CartBadge count={cartCount} />
              </NavLink>
            </li>
            {isLoggedIn ? (
              <UserMenu name={userName || t`My account`} />
            ) : (
              <>
                <li className="nav-item"><NavLink className={navClass} to="/login">{t`Login`}</NavLink></li>
                <li className="nav-item ms-1"><Link className="btn btn-primary btn-sm px-3" to="/signup">{t`Sign up`}</Link></li>
              </>
            )}
          </ul>
        </div>
      </nav>
    </header>
  );
}
