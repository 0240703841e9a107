import { useSyncExternalStore } from 'react';

/**
 * Display state of the logged-in customer, kept under the spec's storage keys (`userid`, `user_name`).
 * The server never trusts it: the session itself is an httpOnly cookie.
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

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
