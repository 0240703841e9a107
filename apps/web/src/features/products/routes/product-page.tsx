import { useState } from 'react';
import { Link, useParams } from 'react-router';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import type { ProductDetail } from '@nirmaan/shared/api';
import { MSG } from '@nirmaan/shared/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { term as termOf } from '../../../lib/terms.ts';
import { Price } from '../../../components/ui/price.tsx';
import { Loading } from '../../../components/ui/states.tsx';
import { useProduct } from '../api/products.ts';
import { ReturnIcon, ShieldIcon, TruckIcon } from '../components/icons.tsx';
import { ProductGallery } from '../components/product-gallery.tsx';
import { ProductReviews } from '../components/product-reviews.tsx';
import { PurchaseBox } from '../components/purchase-box.tsx';
import { RatingSummary } from '../../../components/ui/rating-summary.tsx';
import { RelatedProducts } from '../components/related-products.tsx';
import { SellerCard } from '../components/seller-card.tsx';

type ProductTab = 'details' | 'reviews' | 'delivery';

/** Product detail: /product/{id} (the spec's screens). */
export function Component() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const { i18n, t } = useLingui();

  if (product.isPending) return <Loading text={t`Loading product...`} />;
  if (product.isError) {
    return (
      <div className="container py-5 text-center">
        <title>{t`Product not found | Nirmaan`}</title>
        <h1 className="h3 mb-3">{termOf(i18n, MSG.productNotFound)}</h1>
        <p className="text-body-secondary"><Trans>It may have been removed, or the link is incomplete.</Trans></p>
        <Link to="/product" className="btn btn-primary"><Trans>Browse materials</Trans></Link>
      </div>
    );
  }
  return <ProductView key={product.data._id} product={product.data} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  const [tab, setTab] = useState<ProductTab>('details');
  const { i18n, t } = useLingui();
  return (
    <div className="container py-4 catalogue-page">
      <title>{`${product.ProductName} | Nirmaan`}</title>
      <nav aria-label={t`Breadcrumb`}>
        <ol className="breadcrumb small catalogue-breadcrumb">
          <li className="breadcrumb-item"><Link to="/"><Trans>Home</Trans></Link></li>
          <li className="breadcrumb-item">
            <Link to={`/product?search=${encodeURIComponent(product.ProductCategory)}`}>{termOf(i18n, product.ProductCategory)}</Link>
          </li>
          <li className="breadcrumb-item active text-truncate" aria-current="page">{product.ProductName}</li>
        </ol>
      </nav>

      <div className="row g-4 g-lg-5">
        <div className="col-md-6">
          <ProductGallery images={product.ProductUrl} name={product.ProductName} category={product.ProductCategory} />
        </div>
        <div className="col-md-6 d-flex flex-column gap-3">
          <div>
            {product.ProductBrand ? <p className="catalogue-eyebrow mb-1">{product.ProductBrand}</p> : null}
            <h1 className="h2 mb-2">{product.ProductName}</h1>
            <RatingSummary rating={product.ProductReview} count={product.ProductReviewCount} verified={product.ProductVerifiedReviewCount} long />
          </div>
          <div className="product-price">
            <Price price={product.ProductPrice} mrp={product.ProductMrp} unit={product.ProductUnit} size="lg" />
            <p className="small text-body-secondary mb-0"><Trans>Inclusive of all taxes</Trans></p>
          </div>
          <p className="mb-0">
            {product.InStock
              ? <span className="badge text-bg-success-subtle text-success-emphasis border border-success-subtle"><Trans>In stock</Trans></span>
              : <span className="badge text-bg-secondary"><Trans>Out of stock</Trans></span>}
          </p>
          <PurchaseBox product={product} />
          <SellerCard vendor={product.Vendor} />
          <ul className="list-unstyled small text-body-secondary d-flex flex-column gap-1 mb-0">
            <li className="d-flex align-items-center gap-2"><TruckIcon /> {t`Delivered by the seller's own vehicles or at a flat fee`}</li>
            <li className="d-flex align-items-center gap-2"><ReturnIcon /> <Trans>7-day return policy</Trans></li>
            <li className="d-flex align-items-center gap-2"><ShieldIcon /> <Trans>Sold by a verified Nirmaan seller</Trans></li>
          </ul>
        </div>
      </div>

      <Tabs
        id="product-tabs"
        activeKey={tab}
        onSelect={(key) => setTab((key as ProductTab | null) ?? 'details')}
        className="mt-5 mb-3 product-tabs"
      >
        <Tab eventKey="details" title={t`Product Details`}>
          <ProductDetailsTab product={product} />
        </Tab>
        <Tab eventKey="reviews" title={t`Reviews`}>
          <ProductReviews productId={product._id} />
        </Tab>
        <Tab eventKey="delivery" title={t`Delivery & Returns`}>
          <h2 className="h5"><Trans>Delivery</Trans></h2>
          <p>
            <Trans>
              Enter your pincode beside the price to see the fee and the first delivery date. Sellers with their own
              vehicles charge by distance and load; the others deliver for a flat ₹300, free on orders of ₹50,000 and above.
            </Trans>
          </p>
          <h2 className="h5"><Trans>Returns</Trans></h2>
          <p className="mb-0">
            <Trans>
              7-day return policy: unused material in its original packaging can be returned within 7 days of delivery
              for a full refund.
            </Trans>
          </p>
        </Tab>
      </Tabs>

      <RelatedProducts productId={product._id} category={product.ProductCategory} />
    </div>
  );
}

function ProductDetailsTab({ product }: { product: ProductDetail }) {
  const { i18n, t } = useLingui();
  const facts: [string, string][] = [
    [t`Category`, termOf(i18n, product.ProductCategory)],
    ...(product.ProductBrand ? [[t`Brand`, product.ProductBrand] as [string, string]] : []),
    [t`Unit`, termOf(i18n, product.ProductUnit)],
    [t`Stock`, product.InStock ? t`In stock` : t`Out of stock`],
    [t`Ships from`, product.ProductLocation],
    [t`Seller`, product.Vendor.Business_Name],
  ];
  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <h2 className="h5"><Trans>Description</Trans></h2>
        <p className="mb-0 catalogue-prose">{product.ProductDescription}</p>
      </div>
      <div className="col-lg-5">
        <h2 className="h5"><Trans>Specifications</Trans></h2>
        <dl className="mb-0 small spec-list">
          {facts.map(([term, value]) => (
            <div className="row g-0 py-2 border-bottom" key={term}>
              <dt className="col-5 fw-normal text-body-secondary">{term}</dt>
              <dd className="col-7 mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
