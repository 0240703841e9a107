import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ZSlots } from '@nirmaan/shared/calendar';
import { addDays, todayInIndia } from '@nirmaan/shared/dates';
import { ZQuote, ZQuoteAccepted, ZQuoteList, type QuoteAcceptBody } from '@nirmaan/shared/jobs';
import type { RazorpayStart } from '@nirmaan/shared/payments';
import { api } from '../../../lib/api.ts';
import { usePayment } from '../../../lib/razorpay.ts';

const enc = encodeURIComponent;

/**
 * The professional's offers (site visit fee, multi-day jobs) and, with `days`, the next 60 days' start dates where a
 * job of that many working days fits (decision record 042).
 */
export function useJobSlots(vendorId: string | null, days: number | null) {
  const from = todayInIndia();
  const q = `from=${from}&to=${addDays(from, 60)}${days ? `&days=${days}` : ''}`;
  return useQuery({
    queryKey: ['booking', 'job-slots', vendorId, days],
    queryFn: () => api(`/api/vendors/${enc(vendorId ?? '')}/slots?${q}`, {}, ZSlots),
    enabled: Boolean(vendorId),
  });
}

const QUOTES = ['quotes'] as const;

/** The customer's quotes after site visits (every version, newest first). */
export function useMyQuotes(enabled: boolean) {
  return useQuery({ queryKey: QUOTES, queryFn: ({ signal }) => api('/api/quotes', { cache: 'no-store', signal }, ZQuoteList), enabled, staleTime: 0 });
}

export function useAcceptQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: string; body: QuoteAcceptBody; key: string }) =>
      api(`/api/quotes/${enc(id)}/accept`, { method: 'POST', json: body, headers: { 'idempotency-key': key } }, ZQuoteAccepted),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: QUOTES }), client.invalidateQueries({ queryKey: ['service-orders'] })]),
  });
}

export function useAnswerQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to, note }: { id: string; to: 'decline' | 'revision'; note?: string }) =>
      api(`/api/quotes/${enc(id)}/${to}`, { method: 'POST', ...(to === 'revision' ? { json: { note } } : {}) }, ZQuote),
    onSuccess: () => client.invalidateQueries({ queryKey: QUOTES }),
  });
}

/** Pays for a job booked from a quote, then refreshes My orders' service orders, where the job shows it paid. */
export function usePayJob() {
  const pay = usePayment();
  const client = useQueryClient();
  return useCallback(async (start: RazorpayStart) => {
    const outcome = await pay(start);
    await client.invalidateQueries({ queryKey: ['service-orders'] });
    return outcome;
  }, [pay, client]);
}
