import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { CategoryImage } from '../../../components/ui/category-tile.tsx';
import type { CatalogueEntry } from '@nirmaan/shared/catalogue';

export function CategoryCard({ entry, action, href }: { entry: CatalogueEntry; action: string; href: string }) {
  const { i18n } = useLingui();
  const name = term(i18n, entry.name);
  return (
    <article className="card category-card h-100">
      <CategoryImage className="card-img-top category-card-image" slug={entry.slug} />
      <div className="card-body d-flex flex-column">
        <h2 className="h6 fw-bold mb-1">{name}</h2>
        <p className="small text-body-secondary flex-grow-1 mb-3">{term(i18n, entry.blurb)}</p>
        <Link className="btn btn-outline-primary btn-sm align-self-start" to={href}>
          {action}{' '}<span className="visually-hidden">— {name}</span>
        </Link>
      </div>
    </article>
  );
}
