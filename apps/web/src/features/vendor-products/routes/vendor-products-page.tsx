import { useState } from 'react';
import { Link } from 'react-router';
import { VENDOR_PRODUCT_MSG, type VendorProduct } from '@nirmaan/shared/vendor-products';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
import { formatRupees } from '@nirmaan/shared/money';
import { useSeller } from '../use-seller.ts';
import { useDeleteProduct, useVendorProducts } from '../api/vendor-products.ts';

/** Vendor products (/vendor/products): the seller's products, newest first, with stock and price, to edit or delete. */
export function Component() {
  const vendor = useSeller();
  const products = useVendorProducts();
  const remove = useDeleteProduct();
  const toast = useToast();
  const [deleting, setDeleting] = useState<VendorProduct | null>(null);
  const { i18n, t } = useLingui();
  const failureText = useFailureText();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        const name = deleting.ProductName;
        toast(t`${name} deleted.`, 'success');
      },
      onError: (err) => toast(failureText(err, t`Could not delete the product. Please try again.`), 'danger'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section className="container">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0"><Trans>Products</Trans></h1>
        {vendor.approved && <Link to="/vendor/products/new" className="btn btn-primary"><Trans>Add product</Trans></Link>}
      </div>
      {!vendor.approved && <div className="alert alert-info" role="status">{portalTerm(i18n, VENDOR_PRODUCT_MSG.notApproved)}</div>}
      {products.isPending ? <Loading text={t`Loading products...`} />
        : products.isError ? <ErrorState>{failureText(products.error, t`Could not load your products.`)}</ErrorState>
          : products.data.length === 0 ? <EmptyState><Trans>No products yet. Add one and customers find it in search and your store at once.</Trans></EmptyState>
            : (
              <ul className="list-unstyled d-grid gap-3 mb-0">
                {products.data.map((p) => <ProductRow key={p._id} p={p} onDelete={() => setDeleting(p)} />)}
              </ul>
            )}
      {deleting && <DeleteDialog product={deleting} busy={remove.isPending} onKeep={() => setDeleting(null)} onConfirm={confirmDelete} />}
    </section>
  );
}

/** One product of the list, with its price, stock and the buttons to edit or delete it. */
function ProductRow({ p, onDelete }: { p: VendorProduct; onDelete: () => void }) {
  const { i18n, t } = useLingui();
  const name = p.ProductName;
  const stock = p.Stock;
  const mrp = p.ProductMrp !== null && p.ProductMrp > p.ProductPrice ? formatRupees(p.ProductMrp, { wholeRupees: 'short' }) : null;
  return (
    <li className="card" data-testid="vendor-product">
      <div className="card-body d-flex flex-column flex-md-row gap-3 align-items-md-center">
        <img src={p.ProductUrl[0]} alt="" width={72} height={72} className="rounded object-fit-cover flex-shrink-0" />
        <div className="flex-grow-1">
          <p className="fw-semibold mb-1">{p.ProductName}</p>
          <p className="small text-body-secondary mb-0">
            {portalTerm(i18n, p.ProductCategory)} · {p.ProductBrand} · {p.ProductLocation}
          </p>
        </div>
        <div className="text-md-end">
          <p className="mb-1">
            <span className="fw-semibold">{formatRupees(p.ProductPrice, { wholeRupees: 'short' })}</span> / {portalTerm(i18n, p.ProductUnit)}
            {mrp && <span className="small text-body-secondary ms-2"><Trans>MRP {mrp}</Trans></span>}
          </p>
          {p.Stock > 0
            ? <span className="badge text-bg-light border"><Trans>Stock: {stock}</Trans></span>
            : <span className="badge text-bg-danger"><Trans>Out of stock</Trans></span>}
        </div>
        <div className="d-flex gap-2">
          <Link to={`/vendor/products/${p._id}/edit`} className="btn btn-sm btn-outline-primary" aria-label={t`Edit ${name}`}><Trans>Edit</Trans></Link>
          <button type="button" className="btn btn-sm btn-outline-danger" aria-label={t`Delete ${name}`} onClick={onDelete}><Trans>Delete</Trans></button>
        </div>
      </div>
    </li>
  );
}

function DeleteDialog({ product, busy, onKeep, onConfirm }: { product: VendorProduct; busy: boolean; onKeep: () => void; onConfirm: () => void }) {
  const { t } = useLingui();
  const name = product.ProductName;
  return (
    <ConfirmDialog
      title={t`Delete this product?`} keepLabel={t`Keep it`} confirmLabel={t`Delete`} busyLabel={t`Deleting...`} busy={busy}
      onKeep={onKeep} onConfirm={onConfirm}
    >
      <p className="mb-0"><Trans>{name} leaves your store and search at once. Orders already placed keep it.</Trans></p>
    </ConfirmDialog>
  );
}
