import { useRelatedProducts } from '../api/products.ts';
import { Trans } from '@lingui/react/macro';
import { ProductCard } from './product-card.tsx';

/** Up to 4 other products of the same category; nothing is shown when there are none. */
export function RelatedProducts({ productId, category }: { productId: string; category: string }) {
  const related = useRelatedProducts(productId, category);
  if (!related.data || related.data.length === 0) return null;
  return (
    <section className="mt-5" aria-labelledby="related-heading">
      <h2 id="related-heading" className="h4 mb-3"><Trans>Related products</Trans></h2>
      <ul className="row row-cols-2 row-cols-lg-4 g-3 list-unstyled mb-0">
        {related.data.map((product) => (
          <li className="col" key={product._id}>
            <ProductCard product={product} titleAs="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
