import { useEffect } from 'react';

/**
 * A server-rendered page shows its buttons before React owns them (docs/decisions/023): on a slow phone the page's
 * code may still be loading when "Add to Cart" is tapped, and that tap would do nothing, or, while the page is being
 * taken over, act on what the server knew (no stored user: "log in to add to cart"). So from the entry's first line
 * until the app has taken over, taps on buttons are held here (React never sees them) and then clicked again in
 * order, each in a task of its own so that the one before has rendered; a button tapped twice while waiting counts
 * once (an impatient second tap). A submit button inside a form is left to the browser, which submits the form
 * without scripts.
 */
export function keepEarlyTaps(): () => void {
  const kept: HTMLButtonElement[] = [];
  const keep = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (!button || button.disabled || (button.type === 'submit' && button.form)) return;
    e.stopPropagation();
    if (!kept.includes(button)) kept.push(button);
  };
  document.addEventListener('click', keep, true);
  const replay = () => {
    const button = kept.shift();
    if (!button) return;
    if (button.isConnected) button.click();
    setTimeout(replay, 0);
  };
  return () => {
    document.removeEventListener('click', keep, true);
    replay();
  };
}

let afterHydration: (() => void) | undefined;

/** What to do once the server-rendered page has been taken over (main.tsx: replay the kept taps). */
export function whenHydrated(then: () => void) {
  afterHydration = then;
}

/**
 * Placed inside the boundary that holds the page (the layout's Suspense): React hydrates such a boundary in a pass
 * of its own after the root, so only an effect in there knows the page's buttons are live. While hydrating, the page
 * renders what the server knew (no stored user: "Add to Cart" would ask a logged-in customer to log in); the stores
 * that differ re-render right after the effects, so the callback waits for the next task. It runs once.
 */
export function Hydrated() {
  useEffect(() => {
    const then = afterHydration;
    afterHydration = undefined;
    if (then) setTimeout(then, 0);
  }, []);
  return null;
}
