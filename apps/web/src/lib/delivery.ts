import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DELIVERY_WINDOWS, type DeliveryWindow } from '@nirmaan/shared/constants';
import type { Quote, VendorQuote } from '@nirmaan/shared/delivery';
import { formatPaise } from '@nirmaan/shared/money';
import { api } from './api.ts';

/**
 * Delivery in the customer's pages (decision record 034): the pincode remembered on this device, and quotes of
 * what delivering products there costs and when. The product page, the cart and checkout read the same quote.
 */

const PINCODE_KEY = 'nirmaan.pincode';
const CHANGED = 'nirmaan:pincode';
export const isPincode = (pin: string) => /^[1-9]\d{5}$/.test(pin);

function readPincode(): string | null {
  try {
    const pin = localStorage.getItem(PINCODE_KEY);
    return pin && isPincode(pin) ? pin : null;
  } catch {
    return null; // storage blocked: nothing remembered
  }
}

/**
 * The pincode remembered on this device (null until read: the server-rendered page shows a neutral prompt), and
 * `remember` to change it; every component using it follows, in this tab and others.
 */
export function useRememberedPincode(): [string | null, (pin: string) => void] {
  const [pin, setPin] = useState<string | null>(null);
  useEffect(() => {
    const follow = () => setPin(readPincode());
    follow();
    window.addEventListener(CHANGED, follow);
    window.addEventListener('storage', follow);
    return () => {
      window.removeEventListener(CHANGED, follow);
      window.removeEventListener('storage', follow);
    };
  }, []);
  const remember = useCallback((next: string) => {
    try {
      localStorage.setItem(PINCODE_KEY, next);
    } catch {
      // storage blocked: the pincode holds for this page only
    }
    setPin(next);
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [pin, remember];
}

export interface QuoteItem { productId: string; quantity: number }

/** POST /api/delivery/quote for these items at `pincode` (nothing asked without both). */
export function useDeliveryQuote(pincode: string | null, items: readonly QuoteItem[], floors = 0) {
  return useQuery<Quote>({
    queryKey: ['delivery-quote', pincode, floors, items.map((i) => `${i.productId}:${i.quantity}`).join(',')],
    // The schema loads with the first quote: the product page shows and hydrates without zod.
    queryFn: () => api('/api/delivery/quote', { method: 'POST', json: { pincode, items, floors } }, () => import('@nirmaan/shared/delivery').then((m) => m.ZQuote)),
    enabled: pincode !== null && isPincode(pincode) && items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** "Tue, 2 Dec" for a YYYY-MM-DD date; `locale` (i18n's dateLocale) writes the day and month in another language. */
export function formatDeliveryDate(iso: string, locale = 'en-IN') {
  let format = dayFormats.get(locale);
  if (!format) dayFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })));
  return format.format(new Date(`${iso}T00:00:00Z`));
}
export const windowLabel = (w: DeliveryWindow) => DELIVERY_WINDOWS[w];

/** What a seller's delivery costs in a quote: its own fee, or its share of the platform's flat fee. */
export function sellerFeePaise(q: VendorQuote, quote: Pick<Quote, 'platformFeePaise'>) {
  return q.rule === 'platform' ? quote.platformFeePaise : q.feePaise;
}

/** "₹1,840" or "Free delivery". */
export const feeText = (paise: number) => (paise === 0 ? 'Free delivery' : formatPaise(paise, { wholeRupees: 'short' }));
