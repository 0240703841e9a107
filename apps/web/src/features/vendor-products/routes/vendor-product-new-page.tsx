import { useNavigate } from 'react-router';
import { VENDOR_PRODUCT_MSG } from '@nirmaan/shared/vendor-products';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSeller } from '../use-seller.ts';
import { useSaveProduct } from '../api/vendor-products.ts';
import { ProductForm } from '../components/product-form.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm } from '../../../lib/portal-words.ts';

/** Add a product (/vendor/products/new); an unapproved seller is told why it cannot yet. */
export function Component() {
  const vendor = useSeller();
  const save = useSaveProduct(null);
  const navigate = useNavigate();
  const toast = useToast();
  const { i18n, t } = useLingui();
  return (
    <section className="container">
      <h1 className="h3 mb-3"><Trans>Add product</Trans></h1>
      {!vendor.approved ? <div className="alert alert-info" role="status">{portalTerm(i18n, VENDOR_PRODUCT_MSG.notApproved)}</div> : (
        <ProductForm
          saving={save.isPending} submitLabel={t`Add product`}
          onSave={async (body) => {
            const saved = await save.mutateAsync(body);
            const name = saved.ProductName;
            toast(t`${name} added.`, 'success');
            await navigate('/vendor/products');
          }}
        />
      )}
    </section>
  );
}
