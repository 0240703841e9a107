import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { CategoryTile } from '../../../components/ui/category-tile.tsx';
import type { CatalogueEntry } from '@nirmaan/shared/catalogue';

interface Props {
  id: string;
  title: string;
  subtitle: string;
  entries: CatalogueEntry[];
  /** Where a card leads: the services or the materials list for that category. */
  basePath: '/service' | '/product';
  muted?: boolean;
}

export function CategoryGrid({ id, title, subtitle, entries, basePath, muted = false }: Props) {
  const { i18n } = useLingui();
  return (
    <section className={`section ${muted ? 'section-muted' : ''}`} aria-labelledby={id}>
      <div className="container">
        <div className="section-head d-flex flex-wrap align-items-end justify-content-between gap-2">
          <div>
            <h2 id={id} className="section-title">{title}</h2>
            <p className="section-sub mb-0">{subtitle}</p>
          </div>
          <Link to="/Category" className="link-arrow"><Trans>View all categories</Trans></Link>
        </div>
        <ul className="row g-3 list-unstyled mb-0">
          {entries.map((c) => (
            <li key={c.slug} className="col-6 col-md-4 col-lg-3">
              <CategoryTile to={`${basePath}?search=${encodeURIComponent(c.name)}`} slug={c.slug} name={term(i18n, c.name)} text={term(i18n, c.blurb)} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
