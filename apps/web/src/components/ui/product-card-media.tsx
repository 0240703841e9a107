import type { Product } from '@nirmaan/shared/api';
import { useLingui } from '@lingui/react';
import { term } from '../../lib/terms.ts';

/**
 * A product card's picture: its first image (or its category as a placeholder) with the Tag badge. `placeholderLabel`
 * names the placeholder for readers where the card has no other picture of the product; otherwise it is decoration.
 */
export function ProductCardMedia({ product, placeholderLabel, priority = false }: { product: Product; placeholderLabel?: string; priority?: boolean }) {
  const image = product.ProductUrl[0];
  const { i18n } = useLingui();
  const placeholder = placeholderLabel ? { role: 'img', 'aria-label': placeholderLabel } : { 'aria-hidden': true as const };
  return (
    <div className="ratio ratio-4x3 catalogue-card-media">
      {image ? (
        <img
          src={image} alt={product.ProductName} width="400" height="300" className="object-fit-cover"
          // The first cards are on the first screen: fetched at once, not after layout, as they may be its largest paint.
          {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
        />
      ) : (
        <div className="catalogue-placeholder" {...placeholder}>{term(i18n, product.ProductCategory)}</div>
      )}
      {product.Tag ? <span className="badge text-bg-primary catalogue-tag">{product.Tag}</span> : null}
    </div>
  );
}
