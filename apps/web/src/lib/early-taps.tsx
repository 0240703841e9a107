import { useEffect } from 'react';

/**
 * A server-rendered page shows its buttons before React owns them (docs/decisions/023): on a slow phone the page's
 * code may still be loading when "Add to Cart" is tapped, and that tap would do nothing, or, while the page is being
 * taken over, act on what the server knew (no stored user: "log in to add to cart"). So from the entry's first line
 * until the app has taken over, taps on buttons are held here (React never sees them) and then clicked again in
 * order, each in a task of its own so that the one before has rendered; a button tapped twice while waiting counts
 * once (an impatient second tap). A form's submit button is held too, its default action stopped: every form here
 * is submitted by its page's code, and the browser's own submission would reload the page and lose what was typed
 * ("Check" on a product page's pincode); the header search's `action` is only for Enter before this code runs. Enter in a field is the same click.
 */
export function keepEarlyTaps(): () => void {
  const kept: HTMLButtonElement[] = [];
  const keep = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (!button || button.disabled) return;
    if (button.type === 'submit' && button.form) e.preventDefault();
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

const TYPED = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), textarea';

/**
 * What was typed before React took over the page (a pincode, a quantity), handed to React. Hydration keeps the
 * text in the field but not in the page's state, and the next render would put the state's value back: the
 * customer's "500032" would be lost, or "Check" would say no pincode was entered. After hydration a field's
 * `defaultValue` is what React rendered, so a field whose text differs was typed in early: React is told the value
 * it rendered, then the field gets the typed text back and an input event, which React sees as the change it is.
 */
export function keepEarlyTyping(): void {
  // All typed texts are read first: each change re-renders, and a re-render puts the state's value back into the
  // other controlled fields (the quantity's change would clear the pincode's text).
  const typed = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED)]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, text: field.value }));
  for (const { field, text } of typed) {
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
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
