import { Link } from 'react-router';
import type { Product } from '@nirmaan/shared/api';
import { ProductCardMedia } from '../../../components/ui/product-card-media.tsx';
import { formatRupees } from '@nirmaan/shared/money';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';

/** A product in a vendor's store: image (or placeholder), Tag badge, name, price, View Product. */
export function StoreProductCard({ product }: { product: Product }) {
  const { i18n, t } = useLingui();
  const name = product.ProductName;
  return (
    <article className="card h-100 catalogue-card">
      <ProductCardMedia product={product} placeholderLabel={t`No image of ${name}`} />
      <div className="card-body d-flex flex-column gap-2">
        <p className="catalogue-eyebrow mb-0">{term(i18n, product.ProductCategory)}</p>
        <h3 className="h6 card-title mb-0 catalogue-card-title">{product.ProductName}</h3>
        <p className="mb-0">
          <strong>{formatRupees(product.ProductPrice, { wholeRupees: 'short' })}</strong>
          <span className="small text-body-secondary"> / {term(i18n, product.ProductUnit)}</span>
        </p>
        <Link to={`/product/${product._id}`} className="btn btn-outline-primary btn-sm mt-auto" aria-label={t`View Product: ${name}`}>
          <Trans>View Product</Trans>
        </Link>
      </div>
    </article>
  );
}
