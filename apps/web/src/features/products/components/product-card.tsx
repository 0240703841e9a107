import { Link } from 'react-router';
import type { Product } from '@nirmaan/shared/api';
import { ProductCardMedia } from '../../../components/ui/product-card-media.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { PinIcon } from './icons.tsx';
import { RatingSummary } from '../../../components/ui/rating-summary.tsx';

/** A material in a grid: the whole card links to its detail page. `priority` for the cards on the first screen. */
export function ProductCard({ product, titleAs: Title = 'h2', priority = false }: { product: Product; titleAs?: 'h2' | 'h3'; priority?: boolean }) {
  return (
    <article className="card h-100 catalogue-card">
      <ProductCardMedia product={product} priority={priority} />
      <div className="card-body d-flex flex-column gap-1">
        {product.ProductBrand ? <p className="catalogue-eyebrow mb-0">{product.ProductBrand}</p> : null}
        <Title className="h6 card-title mb-1 catalogue-card-title">
          <Link to={`/product/${product._id}`} className="stretched-link link-body-emphasis text-decoration-none">
            {product.ProductName}
          </Link>
        </Title>
        <Price price={product.ProductPrice} mrp={product.ProductMrp} unit={product.ProductUnit} />
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-1 mt-auto pt-2 small">
          <span className="text-body-secondary d-inline-flex align-items-center gap-1">
            <PinIcon />
            {product.ProductLocation}
          </span>
          <RatingSummary rating={product.ProductReview} count={product.ProductReviewCount} />
        </div>
      </div>
    </article>
  );
}

/** A card's shape while its product loads: the same size, so nothing moves when it arrives. */
export function ProductCardSkeleton() {
  return (
    <div className="card h-100 catalogue-card placeholder-glow" aria-hidden="true">
      <div className="ratio ratio-4x3 catalogue-card-media"><span className="placeholder w-100 h-100" /></div>
      <div className="card-body d-flex flex-column gap-2">
        <span className="placeholder col-4" />
        <span className="placeholder col-10" />
        <span className="placeholder col-6" />
        <span className="placeholder col-8 mt-auto" />
      </div>
    </div>
  );
}
