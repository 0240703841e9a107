/** Page buttons with Previous/Next; hidden when everything fits on one page. */
export function PaginationBar({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  return (
    <nav aria-label="Pagination" className="mt-4">
      <ul className="pagination justify-content-center flex-wrap mb-0">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          <button type="button" className="page-link" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
        </li>
        {numbers.map((n) => (
          <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
            <button
              type="button"
              className="page-link"
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li className={`page-item${page >= pages ? ' disabled' : ''}`}>
          <button type="button" className="page-link" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
