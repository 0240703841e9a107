import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { term as termOf } from '../../../lib/terms.ts';
import { EmptyState } from '../../../components/ui/states.tsx';
import { CategoryCard } from '../components/category-card.tsx';
import { filterEntries, KINDS, parseKind, type CatalogueKind } from '../catalogue-kinds.ts';

export function Component() {
  const [params, setParams] = useSearchParams();
  const kind = parseKind(params.get('type'));
  const [term, setTerm] = useState('');
  const searchId = useId();
  const info = KINDS[kind];
  const { i18n, t } = useLingui();
  const shown = filterEntries(info.entries, term, (name) => termOf(i18n, name));
  const typed = term.trim();

  const choose = (next: CatalogueKind) => {
    // Kept in the URL so a link can open the Materials side directly (?type=materials).
    setParams(next === 'services' ? {} : { type: next }, { replace: true });
  };

  return (
    <div className="container py-4 py-lg-5">
      <title>{t`Categories — Nirmaan`}</title>
      <div className="page-head">
        <h1 className="page-title"><Trans>Browse categories</Trans></h1>
        <p className="text-body-secondary mb-0"><Trans>Hire skilled professionals or order building materials — pick a category to see who offers it.</Trans></p>
      </div>

      <div className="category-toolbar">
        <div className="btn-group" role="group" aria-label={t`Show`}>
          {(Object.keys(KINDS) as CatalogueKind[]).map((k) => (
            <button
              key={k}
              type="button"
              className={`btn ${k === kind ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={k === kind}
              onClick={() => choose(k)}
            >
              {i18n._(KINDS[k].label)} <span className="badge rounded-pill count-badge">{KINDS[k].entries.length}</span>
            </button>
          ))}
        </div>
        <div className="category-search">
          <label htmlFor={searchId} className="visually-hidden"><Trans>Search categories</Trans></label>
          <input
            id={searchId}
            type="search"
            className="form-control"
            placeholder={i18n._(info.placeholder)}
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
        </div>
      </div>

      <p className="small text-body-secondary" aria-live="polite">
        <Plural value={shown.length} one="# category" other="# categories" />
      </p>

      {shown.length === 0 ? (
        <EmptyState>
          {kind === 'services'
            ? <Trans>No services match “{typed}”. Try a shorter name, or <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => setTerm('')}>clear the search</button>.</Trans>
            : <Trans>No materials match “{typed}”. Try a shorter name, or <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => setTerm('')}>clear the search</button>.</Trans>}
        </EmptyState>
      ) : (
        <ul className="row g-3 list-unstyled mb-0">
          {shown.map((entry) => (
            <li key={entry.slug} className="col-6 col-md-4 col-lg-3">
              <CategoryCard entry={entry} action={i18n._(info.action)} href={info.href(entry.name)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
