import { useNavigate, useParams } from 'react-router';
import { VENDOR_PRODUCT_MSG } from '@nirmaan/shared/vendor-products';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
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
  const { i18n, t } = useLingui();
  const failureText = useFailureText();
  return (
    <section className="container">
      <h1 className="h3 mb-3"><Trans>Edit product</Trans></h1>
      {products.isPending ? <Loading text={t`Loading product...`} />
        : products.isError ? <ErrorState>{failureText(products.error, t`Could not load your products.`)}</ErrorState>
          : !product ? <ErrorState>{portalTerm(i18n, VENDOR_PRODUCT_MSG.notFound)}</ErrorState>
            : (
              <ProductForm
                key={product._id} product={product} saving={save.isPending} submitLabel={t`Save changes`}
                onSave={async (body) => {
                  const saved = await save.mutateAsync(body);
                  const name = saved.ProductName;
                  toast(t`${name} saved.`, 'success');
                  await navigate('/vendor/products');
                }}
              />
            )}
    </section>
  );
}
