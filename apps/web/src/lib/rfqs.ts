import { useEffect, useState } from 'react';
import { RFQ_UNIT_LABELS, type Rfq } from '@nirmaan/shared/rfqs';

/** Buying in bulk (issue 35): the wording the customer's comparison and the seller's Requests share. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "300 bags OPC 53 (Cement), 2 tonnes TMT 12 mm (Steel)": a request's items in one line. */
export const itemsLine = (items: readonly Pick<Rfq['items'][number], 'quantity' | 'unit' | 'description' | 'category'>[]) => items.map((i) => `${i.quantity} ${RFQ_UNIT_LABELS[i.unit]} ${i.description} (${i.category})`).join(', ');

/** How long a quote stays valid, in the largest two units that matter: "2 days 3 h left", "45 min left", or "Expired". */
export function validityText(validUntil: string, now: number): string {
  const left = Date.parse(validUntil) - now;
  if (left <= 0) return 'Expired';
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (left >= DAY) {
    const days = Math.floor(left / DAY);
    const hours = Math.floor((left % DAY) / HOUR);
    return `${plural(days, 'day')}${hours ? ` ${hours} h` : ''} left`;
  }
  if (left >= HOUR) {
    const hours = Math.floor(left / HOUR);
    const minutes = Math.floor((left % HOUR) / MINUTE);
    return `${hours} h${minutes ? ` ${minutes} min` : ''} left`;
  }
  return `${Math.max(1, Math.floor(left / MINUTE))} min left`;
}

/** A clock for countdowns: the time now, moved on every `everyMs` while mounted. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

