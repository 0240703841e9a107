import { useNavigate, useParams } from 'react-router';
import { VENDOR_PRODUCT_MSG } from '@nirmaan/shared/vendor-products';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useSaveProduct, useVendorProducts } from '../api/vendor-products.ts';
import { ProductForm } from '../components/product-form.tsx';

/** Edit a product (/vendor/products/{id}/edit), read from the seller's own list. */
export function Component() {
  const { id = '' } = useParams();
  const products = useVendorProducts();
  const save = useSaveProduct(id);
  const navigate = useNavigate();
  const toast = useToast();
  const product = products.data?.find((p) => p._id === id);
  return (
    <section className="container">
      <h1 className="h3 mb-3">Edit product</h1>
      {products.isPending ? <Loading text="Loading product..." />
        : products.isError ? <ErrorState>{failureText(products.error, 'Could not load your products.')}</ErrorState>
          : !product ? <ErrorState>{VENDOR_PRODUCT_MSG.notFound}</ErrorState>
            : (
              <ProductForm
                key={product._id} product={product} saving={save.isPending} submitLabel="Save changes"
                onSave={async (body) => {
                  const saved = await save.mutateAsync(body);
                  toast(`${saved.ProductName} saved.`, 'success');
                  await navigate('/vendor/products');
                }}
              />
            )}
    </section>
  );
}
