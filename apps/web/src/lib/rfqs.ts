import { useEffect, useState } from 'react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { RFQ_UNIT_LABELS, type Rfq, type RfqUnit } from '@nirmaan/shared/rfqs';
import { term } from './terms.ts';

/** Buying in bulk (issue 35): the wording the customer's comparison and the seller's Requests share. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A request's unit in the page's language ("bags", "बोरी"); the wire keeps the English key. */
const UNIT_WORDS: Record<RfqUnit, MessageDescriptor> = {
  bags: msg`bags`, kg: msg`kg`, tonnes: msg`tonnes`, pieces: msg`pieces`, m3: msg`m³`, brass: msg`brass`, cft: msg`cft`,
};
export const rfqUnitLabel = (i18n: I18n | undefined, unit: RfqUnit): string => (i18n ? i18n._(UNIT_WORDS[unit]) : RFQ_UNIT_LABELS[unit]);

/** One of a request's unit, after "per" ("per bag", "प्रति बोरी"). */
const UNIT_ONE: Record<RfqUnit, MessageDescriptor> = {
  bags: msg`bag`, kg: msg`kg`, tonnes: msg`tonne`, pieces: msg`piece`, m3: msg`m³`, brass: msg`brass`, cft: msg`cft`,
};
export const rfqUnitOne = (i18n: I18n, unit: RfqUnit): string => i18n._(UNIT_ONE[unit]);

/**
 * "300 bags OPC 53 (Cement), 2 tonnes TMT 12 mm (Steel)": a request's items in one line; with `i18n`, the units and
 * categories in the page's language (what the buyer wrote stays as written).
 */
export const itemsLine = (items: readonly Pick<Rfq['items'][number], 'quantity' | 'unit' | 'description' | 'category'>[], i18n?: I18n) =>
  items.map((i) => `${i.quantity} ${rfqUnitLabel(i18n, i.unit)} ${i.description} (${i18n ? term(i18n, i.category) : i.category})`).join(', ');

/**
 * How long a quote stays valid, in the largest two units that matter: "2 days 3 h left", "45 min left", or
 * "Expired"; with `i18n`, in the page's language.
 */
export function validityText(validUntil: string, now: number, i18n?: I18n): string {
  const left = Date.parse(validUntil) - now;
  if (i18n) return translatedValidity(left, i18n);
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

function translatedValidity(left: number, i18n: I18n): string {
  if (left <= 0) return i18n._(msg`Expired`);
  if (left >= DAY) {
    const days = Math.floor(left / DAY);
    const hours = Math.floor((left % DAY) / HOUR);
    return hours
      ? i18n._(msg`${plural(days, { one: '# day', other: '# days' })} ${hours} h left`)
      : i18n._(msg`${plural(days, { one: '# day', other: '# days' })} left`);
  }
  if (left >= HOUR) {
    const hours = Math.floor(left / HOUR);
    const minutes = Math.floor((left % HOUR) / MINUTE);
    return minutes ? i18n._(msg`${hours} h ${minutes} min left`) : i18n._(msg`${hours} h left`);
  }
  const minutes = Math.max(1, Math.floor(left / MINUTE));
  return i18n._(msg`${minutes} min left`);
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

