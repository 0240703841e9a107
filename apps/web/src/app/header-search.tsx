import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { localePath } from '@nirmaan/shared/i18n';
import type { Suggestions } from '@nirmaan/shared/search';
import { api } from '../lib/api.ts';
import { useLocale } from '../lib/i18n.ts';

const SUGGEST_DELAY_MS = 200;
type Suggestion = Suggestions['suggestions'][number];

/** Suggestions for what is typed, fetched a moment after typing pauses; stale answers are dropped. */
function useSuggestions(term: string): Suggestion[] {
  const [state, setState] = useState<{ for: string; list: Suggestion[] }>({ for: '', list: [] });
  const trimmed = term.trim();
  useEffect(() => {
    if (trimmed.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<Suggestions>(`/api/search/suggest?q=${encodeURIComponent(trimmed)}`, { signal: controller.signal })
        .then((body) => setState({ for: trimmed, list: body.suggestions }))
        .catch(() => undefined);
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);
  return trimmed.length >= 2 && state.for === trimmed ? state.list : [];
}

/** The header search: goes to /product?search={term} (the spec's screens), suggesting categories and products as you type. */
export function HeaderSearch() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const locale = useLocale();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(term);
  const listId = useId();
  const shown = open && suggestions.length > 0;

  const go = (s: Suggestion | null) => {
    setOpen(false);
    setActive(-1);
    if (s?.kind === 'product' && s.id) return navigate(`/product/${encodeURIComponent(s.id)}`);
    const trimmed = (s?.label ?? term).trim();
    if (trimmed) navigate(`/product?search=${encodeURIComponent(trimmed)}`);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(shown && active >= 0 ? suggestions[active]! : null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setOpen(false);
    if (!shown || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    // -1 is the typed text itself; the arrows cycle through it and the suggestions.
    const n = suggestions.length;
    setActive((i) => (event.key === 'ArrowDown' ? (i + 1 >= n ? -1 : i + 1) : (i - 1 < -1 ? n - 1 : i - 1)));
  };

  return (
    // action and name: Enter pressed before the page's code has even loaded (a slow phone) still searches, as a plain
    // GET of the server-rendered results; once the app runs, onSubmit navigates instead.
    <form role="search" className="header-search position-relative" action={localePath(locale, '/product')} method="get" onSubmit={submit}>
      <div className="input-group">
        <input
          type="search"
          name="search"
          className="form-control"
          aria-label={t`Search materials`}
          placeholder={t`Search cement, steel…`}
          value={term}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          onChange={(e) => {
            setTerm(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          enterKeyHint="search"
        />
        <button type="submit" className="btn btn-primary" aria-label={t`Search`}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <ul id={listId} role="listbox" aria-label={t`Suggestions`} className={`dropdown-menu w-100 header-suggestions${shown ? ' show' : ''}`}>
        {shown ? suggestions.map((s, i) => (
          <li key={`${s.kind}-${s.id ?? s.label}`} id={`${listId}-${i}`} role="option" aria-selected={i === active}>
            <button
              type="button"
              className={`dropdown-item text-truncate${i === active ? ' active' : ''}`}
              // Before the input's blur closes the list.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(s)}
            >
              {s.kind === 'category' ? <span className="badge text-bg-light me-2">{t`Category`}</span> : null}
              {s.label}
            </button>
          </li>
        )) : null}
      </ul>
    </form>
  );
}
