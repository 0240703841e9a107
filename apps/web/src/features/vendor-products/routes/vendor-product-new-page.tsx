import { useNavigate } from 'react-router';
import { VENDOR_PRODUCT_MSG } from '@nirmaan/shared/vendor-products';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSeller } from '../use-seller.ts';
import { useSaveProduct } from '../api/vendor-products.ts';
import { ProductForm } from '../components/product-form.tsx';

/** Add a product (/vendor/products/new); an unapproved seller is told why it cannot yet. */
export function Component() {
  const vendor = useSeller();
  const save = useSaveProduct(null);
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <section className="container">
      <h1 className="h3 mb-3">Add product</h1>
      {!vendor.approved ? <div className="alert alert-info" role="status">{VENDOR_PRODUCT_MSG.notApproved}</div> : (
        <ProductForm
          saving={save.isPending} submitLabel="Add product"
          onSave={async (body) => {
            const saved = await save.mutateAsync(body);
            toast(`${saved.ProductName} added.`, 'success');
            await navigate('/vendor/products');
          }}
        />
      )}
    </section>
  );
}
