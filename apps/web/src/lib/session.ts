import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { UserRef } from '@nirmaan/shared/auth';
import { api, setUnauthorizedHandler } from './api.ts';

/**
 * Display state of the logged-in customer, kept under the spec's storage keys (`userid`, `user_name`).
 * The server never trusts it: the session itself is an httpOnly cookie.
 */
const listeners = new Set<() => void>();
/** Bumped by every local login or logout, so a session check that started earlier cannot undo it. */
let version = 0;
const notify = () => {
  version += 1;
  listeners.forEach((l) => l());
};

export function getStoredUserId(): string | null {
  const id = localStorage.getItem('userid');
  return id && id !== 'undefined' && id !== 'null' ? id : null;
}

export function storeUser(id: string, name: string) {
  localStorage.setItem('userid', id);
  localStorage.setItem('user_name', name);
  notify();
}

export function clearStoredUser() {
  localStorage.removeItem('userid');
  localStorage.removeItem('user_name');
  notify();
}

/** Ends the session on the server (which clears the cookie); the display state goes either way. */
export async function logOut() {
  await api('/api/logout', { method: 'POST' }).catch(() => undefined);
  clearStoredUser();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useStoredUser() {
  const id = useSyncExternalStore(subscribe, getStoredUserId, () => null);
  const name = useSyncExternalStore(subscribe, () => localStorage.getItem('user_name'), () => null);
  return { userId: id, userName: id ? name : null, isLoggedIn: id !== null };
}

/**
 * Whether the server rendered this page for a browser holding a session cookie (docs/decisions/023). The page's
 * markup cannot know the stored user, so it shows the account menu ("My account") instead of "Login" until the
 * app has taken over; the browser's render reads the same hint from `#root`'s `data-session`.
 */
export const SessionHint = createContext(false);

const subscribeNothing = () => () => undefined;

/**
 * `useStoredUser` for the header, the phone's bottom bar and the footer: while the server's markup is being taken
 * over (and on the server), a page rendered for a session shows a logged-in account without a name. Pages keep
 * `useStoredUser`, whose id must be real before it is used in a call.
 */
export function useAccountDisplay(): { isLoggedIn: boolean; userName: string | null } {
  const hinted = useContext(SessionHint);
  const stored = useStoredUser();
  const hydrating = useSyncExternalStore(subscribeNothing, () => false, () => true);
  return hydrating && hinted ? { isLoggedIn: true, userName: null } : stored;
}

let syncing: Promise<void> | undefined;

/**
 * Makes the display state agree with the server's session (the cookie is the truth): a session the
 * server no longer knows logs the UI out, and a live one restores the name.
 */
export function syncSession(): Promise<void> {
  // No zod here: this module is in the first bundle (the bundle budget, docs/architecture.md).
  const startedAt = version;
  syncing ??= api<{ user: UserRef | null }>('/api/session', { cache: 'no-store' })
    .then(({ user }) => {
      if (version !== startedAt) return;
      if (!user) {
        if (getStoredUserId()) clearStoredUser();
      } else if (getStoredUserId() !== user._id || localStorage.getItem('user_name') !== user.Full_Name) {
        storeUser(user._id, user.Full_Name);
      }
    })
    .catch(() => undefined) // offline or server down: keep what we have
    .finally(() => {
      syncing = undefined;
    });
  return syncing;
}

setUnauthorizedHandler(() => {
  if (getStoredUserId()) void syncSession();
});

/** Checks the session when the app opens and whenever the tab comes back into view. */
export function useSessionSync() {
  useEffect(() => {
    void syncSession();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void syncSession();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
}
