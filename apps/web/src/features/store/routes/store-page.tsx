import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MSG } from '@nirmaan/shared/messages';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useStoreProducts, useStoreVendor } from '../api/store.ts';
import { StoreProductCard } from '../components/store-product-card.tsx';

function vendorIdFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('vendorId' in state)) return undefined;
  const { vendorId } = state as { vendorId: unknown };
  return typeof vendorId === 'string' && vendorId !== '' ? vendorId : undefined;
}

/** Vendor store: /viewstore, the vendor id in navigation state (the spec's screens) or in the shareable `?vendor={id}`. */
export function Component() {
  const location = useLocation();
  const vendorId = vendorIdFrom(location.state) ?? (new URLSearchParams(location.search).get('vendor') || undefined);
  const vendor = useStoreVendor(vendorId);
  const products = useStoreProducts(vendorId);
  const { i18n, t } = useLingui();

  if (!vendorId || vendor.isError) return <VendorNotFound />;
  if (vendor.isPending) return <Loading text={t`Loading store...`} />;

  const v = vendor.data;
  const name = v.Business_Name;
  const city = v.City;
  return (
    <div className="catalogue-page">
      <title>{t`${name} — Store | Nirmaan`}</title>
      <section className="store-hero">
        <div className="container py-5 d-flex flex-column flex-sm-row align-items-sm-center gap-4">
          <StoreLogo name={v.Business_Name} image={v.Profile_Image} />
          <div>
            <p className="store-hero-eyebrow mb-1">{city ? t`Store · ${city}` : t`Store`}</p>
            <h1 className="display-6 fw-semibold mb-2">{v.Business_Name}</h1>
            <p className="lead mb-0">{v.Business_Description.trim() || term(i18n, MSG.storeFallbackDescription)}</p>
          </div>
        </div>
      </section>

      <section className="container py-5" aria-labelledby="store-products-heading">
        <div className="d-flex justify-content-between align-items-baseline mb-3">
          <h2 id="store-products-heading" className="h4 mb-0"><Trans>Our Products</Trans></h2>
          {products.data ? (
            <span className="text-body-secondary small">
              <Plural value={products.data.length} one="# product" other="# products" />
            </span>
          ) : null}
        </div>
        {products.isPending ? (
          <Loading text={t`Loading products...`} />
        ) : products.isError ? (
          <ErrorState>{term(i18n, MSG.failedToFetchProducts)}</ErrorState>
        ) : products.data.length === 0 ? (
          <EmptyState><Trans>This store has no products listed yet.</Trans></EmptyState>
        ) : (
          <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled mb-0">
            {products.data.map((product) => (
              <li className="col" key={product._id}>
                <StoreProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function StoreLogo({ name, image }: { name: string; image: string | null }) {
  const [failed, setFailed] = useState(false);
  const { t } = useLingui();
  if (image && !failed) {
    return (
      <img
        src={image}
        alt={t`${name} logo`}
        width="96"
        height="96"
        onError={() => setFailed(true)}
        className="rounded-circle object-fit-cover border border-3 border-white flex-shrink-0 bg-white"
      />
    );
  }
  return <span className="initial-avatar initial-avatar-lg" aria-hidden="true">{name.charAt(0).toUpperCase()}</span>;
}

function VendorNotFound() {
  const { i18n, t } = useLingui();
  return (
    <div className="container py-5 text-center">
      <title>{t`Vendor not found | Nirmaan`}</title>
      <h1 className="h3 mb-3">{term(i18n, MSG.vendorNotFound)}</h1>
      <p className="text-body-secondary"><Trans>Open a store from a product page to see the seller’s products.</Trans></p>
      <Link to="/product" className="btn btn-primary"><Trans>Browse materials</Trans></Link>
    </div>
  );
}
