import { startTransition, useOptimistic, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { OpsTimelineEvent } from '@nirmaan/shared/ops';
import { failureText } from '../../../lib/api.ts';
import { rupees, type SearchFilter } from '../api/ops-support.ts';

/** A console action's outcome, shown above its list. */
export type Notice = { ok: boolean; text: string };

/**
 * Runs a console action (a row's, or a small form's): its success text, or the server's refusal as it is, goes to `onNotice`, and the
 * list under `queryKey` is fetched again either way. Resolves true when the action succeeded.
 */
export function useRowAction(queryKey: readonly unknown[], onNotice: (n: Notice) => void) {
  const client = useQueryClient();
  return async <T,>(action: () => Promise<T>, done: (after: T) => string) => {
    let ok = false;
    try {
      onNotice({ ok: true, text: done(await action()) });
      ok = true;
    } catch (err) {
      onNotice({ ok: false, text: failureText(err, 'That did not work.') });
    }
    await client.invalidateQueries({ queryKey });
    return ok;
  };
}

export const EMPTY_FILTER: SearchFilter = { q: '', customer: '', vendor: '', from: '', to: '', status: '', paymentStatus: '' };

/** The orders and bookings search: id, customer, vendor, India dates, status and payment status. */
export function SearchFilters({ statuses, initial, onSearch }: { statuses: readonly string[]; initial: SearchFilter; onSearch: (f: SearchFilter) => void }) {
  const [f, setF] = useState(initial);
  const field = (key: keyof SearchFilter, label: string, type = 'text') => (
    <input className="form-control form-control-sm" style={{ maxWidth: 170 }} type={type} aria-label={label} placeholder={label} value={f[key]} onChange={(e) => setF({ ...f, [key]: e.target.value })} />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(f);
  };
  return (
    <form className="d-flex flex-wrap gap-2 mb-3" role="search" onSubmit={submit}>
      {field('q', 'Id')}
      {field('customer', 'Customer')}
      {field('vendor', 'Vendor')}
      {field('from', 'From', 'date')}
      {field('to', 'To', 'date')}
      <select className="form-select form-select-sm w-auto" aria-label="Status" value={f.status} onChange={(e) => setF({ ...f, status: e.target.value })}>
        <option value="">Any status</option>
        {statuses.map((s) => <option key={s} value={s}>{s}</option>)}
      </select>
      <select className="form-select form-select-sm w-auto" aria-label="Payment status" value={f.paymentStatus} onChange={(e) => setF({ ...f, paymentStatus: e.target.value })}>
        <option value="">Any payment</option>
        {['Pending', 'Paid', 'Refunded'].map((s) => <option key={s} value={s}>{s}</option>)}
      </select>
      <button type="submit" className="btn btn-primary btn-sm">Search</button>
    </form>
  );
}

export function Timeline({ events }: { events: OpsTimelineEvent[] }) {
  return (
    <ol className="list-unstyled small mb-2" aria-label="Timeline">
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} data-testid="timeline-event">
          <span className="text-body-secondary">{new Date(e.at).toLocaleString('en-IN')}</span> · <strong>{e.kind}</strong> · {e.text}
          {e.amountPaise !== null ? ` · ${rupees(e.amountPaise)}` : ''}
        </li>
      ))}
    </ol>
  );
}

/** Cancel with a reason (support's refund limit is the server's to enforce; its 403 says so). */
export function CancelWithReason({ what, onCancel }: { what: string; onCancel: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  return (
    <div className="d-flex gap-2">
      <input className="form-control form-control-sm" style={{ maxWidth: 320 }} aria-label={`Reason to cancel the ${what}`} placeholder="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void onCancel(reason)}>Cancel and refund</button>
    </div>
  );
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  if (pages <= 1) return null;
  return (
    <div className="d-flex gap-2 mt-2 small align-items-center">
      page {page} of {pages}
      {page > 1 && <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onPage(page - 1)}>Previous</button>}
      {page < pages && <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onPage(page + 1)}>Next</button>}
    </div>
  );
}

/**
 * A page's filters kept in the address, so the dashboard can link to a filtered list: `set(key, value)` changes one
 * (an empty value removes it) and, unless it is the page itself, goes back to the first page. The router changes the
 * address in a transition; until it lands, the new filters are shown already (`useOptimistic`), so a checkbox or a
 * select the operator just changed does not spring back for a moment.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const [shown, show] = useOptimistic(params);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(shown);
    if (value) next.set(key, value); else next.delete(key);
    if (key !== 'page') next.delete('page');
    startTransition(() => {
      show(next);
      setParams(next);
    });
  };
  return [shown, set] as const;
}

/** The search state of the orders and bookings pages: the filter, the page, and the row opened. */
export function useSearchState() {
  const [filter, setFilter] = useState<SearchFilter>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  return {
    filter, page, openId, setPage,
    search: (f: SearchFilter) => { setFilter(f); setPage(1); },
    toggle: (id: string) => setOpenId((open) => (open === id ? null : id)),
  };
}

interface SearchFrameProps<T extends { id: string }> {
  title: string;
  statuses: readonly string[];
  state: ReturnType<typeof useSearchState>;
  list: { data?: { page: number; pages: number } | undefined; isError: boolean; error: Error | null };
  items: T[] | undefined;
  /** The rows' test id and what to call them when none match ("orders"). */
  testId: string;
  noun: string;
  summary: (item: T) => ReactNode;
  detail: (id: string) => ReactNode;
}

/** The orders and bookings pages' shared frame: the search form, the rows (each opening its detail), the pager. */
export function SearchFrame<T extends { id: string }>({ title, statuses, state, list, items, testId, noun, summary, detail }: SearchFrameProps<T>) {
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <SearchFilters statuses={statuses} initial={state.filter} onSearch={state.search} />
      {list.isError && <div className="alert alert-danger" role="alert">{list.error?.message}</div>}
      {items?.length === 0 && <p className="text-body-secondary">No {noun} match.</p>}
      <ul className="list-group">
        {items?.map((item) => (
          <li key={item.id} className="list-group-item" data-testid={testId}>
            <button type="button" className="btn btn-link p-0 text-start" onClick={() => state.toggle(item.id)}>{summary(item)}</button>
            {state.openId === item.id && detail(item.id)}
          </li>
        ))}
      </ul>
      {list.data && <Pager page={list.data.page} pages={list.data.pages} onPage={state.setPage} />}
    </>
  );
}
