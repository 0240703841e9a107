import { useLingui } from '@lingui/react/macro';

/**
 * What shows while a page's code downloads: a page-shaped skeleton (a heading and a grid of cards) that
 * fills the space the page will take, so neither the page nor the footer jumps when it arrives.
 */
export function PagePlaceholder() {
  const { t } = useLingui();
  return (
    <div className="container py-4 page-placeholder placeholder-glow" role="status" aria-label={t`Loading...`}>
      <span className="placeholder col-6 col-md-3 mb-2 d-block" />
      <span className="placeholder placeholder-lg col-10 col-md-5 mb-4 d-block" />
      <div className="row row-cols-2 row-cols-md-3 g-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div className="col" key={i}>
            <div className="card" aria-hidden="true">
              <div className="ratio ratio-4x3"><span className="placeholder w-100 h-100" /></div>
              <div className="card-body">
                <span className="placeholder col-8 d-block mb-2" />
                <span className="placeholder col-5 d-block" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
