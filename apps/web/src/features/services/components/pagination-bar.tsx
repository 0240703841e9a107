import { Trans, useLingui } from '@lingui/react/macro';
import { pageWindow } from '../filter-services.ts';

/** Page buttons with Previous/Next, the first, the last and two either side; hidden when everything fits on one page. */
export function PaginationBar({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  const numbers = pageWindow(page, pages);
  return (
    <nav aria-label={t`Pagination`} className="mt-4">
      <ul className="pagination justify-content-center flex-wrap mb-0">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          <button type="button" className="page-link" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <Trans>Previous</Trans>
          </button>
        </li>
        {numbers.map((n, i) => (n === null ? (
          <li key={`gap-${i}`} className="page-item disabled" aria-hidden="true"><span className="page-link">…</span></li>
        ) : (
          <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
            <button
              type="button"
              className="page-link"
              aria-label={t`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          </li>
        )))}
        <li className={`page-item${page >= pages ? ' disabled' : ''}`}>
          <button type="button" className="page-link" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            <Trans>Next</Trans>
          </button>
        </li>
      </ul>
    </nav>
  );
}
