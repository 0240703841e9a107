import { useState } from 'react';
import { Link } from 'react-router';
import { VENDOR_PRODUCT_MSG, type VendorProduct } from '@nirmaan/shared/vendor-products';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
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

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => toast(`${deleting.ProductName} deleted.`, 'success'),
      onError: (err) => toast(failureText(err, 'Could not delete the product. Please try again.'), 'danger'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section className="container">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Products</h1>
        {vendor.approved && <Link to="/vendor/products/new" className="btn btn-primary">Add product</Link>}
      </div>
      {!vendor.approved && <div className="alert alert-info" role="status">{VENDOR_PRODUCT_MSG.notApproved}</div>}
      {products.isPending ? <Loading text="Loading products..." />
        : products.isError ? <ErrorState>{failureText(products.error, 'Could not load your products.')}</ErrorState>
          : products.data.length === 0 ? <EmptyState>No products yet. Add one and customers find it in search and your store at once.</EmptyState>
            : (
              <ul className="list-unstyled d-grid gap-3 mb-0">
                {products.data.map((p) => (
                  <li key={p._id} className="card" data-testid="vendor-product">
                    <div className="card-body d-flex flex-column flex-md-row gap-3 align-items-md-center">
                      <img src={p.ProductUrl[0]} alt="" width={72} height={72} className="rounded object-fit-cover flex-shrink-0" />
                      <div className="flex-grow-1">
                        <p className="fw-semibold mb-1">{p.ProductName}</p>
                        <p className="small text-body-secondary mb-0">
                          {p.ProductCategory} · {p.ProductBrand} · {p.ProductLocation}
                        </p>
                      </div>
                      <div className="text-md-end">
                        <p className="mb-1">
                          <span className="fw-semibold">{formatRupees(p.ProductPrice, { wholeRupees: 'short' })}</span> / {p.ProductUnit}
                          {p.ProductMrp !== null && p.ProductMrp > p.ProductPrice && <span className="small text-body-secondary ms-2">MRP {formatRupees(p.ProductMrp, { wholeRupees: 'short' })}</span>}
                        </p>
                        {p.Stock > 0
                          ? <span className="badge text-bg-light border">Stock: {p.Stock}</span>
                          : <span className="badge text-bg-danger">Out of stock</span>}
                      </div>
                      <div className="d-flex gap-2">
                        <Link to={`/vendor/products/${p._id}/edit`} className="btn btn-sm btn-outline-primary" aria-label={`Edit ${p.ProductName}`}>Edit</Link>
                        <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Delete ${p.ProductName}`} onClick={() => setDeleting(p)}>Delete</button>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
      {deleting && (
        <ConfirmDialog
          title="Delete this product?" keepLabel="Keep it" confirmLabel="Delete" busyLabel="Deleting..." busy={remove.isPending}
          onKeep={() => setDeleting(null)} onConfirm={confirmDelete}
        >
          <p className="mb-0">{deleting.ProductName} leaves your store and search at once. Orders already placed keep it.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
