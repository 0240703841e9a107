import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProductDetail } from '@nirmaan/shared/api';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { MSG } from '@nirmaan/shared/messages';
import { useToast } from '../../../components/ui/toast.tsx';
import { refusalText } from '../../../lib/refusal.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { useAddToCart } from '../api/products.ts';
import { BulkQuotesLink } from '../../../components/bulk-quotes-link.tsx';
import { DeliverTo } from './deliver-to.tsx';
import { QuantityPriceAt, QuantityPrices } from './quantity-prices.tsx';

const clampQuantity = (n: number) => (Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1);

/**
 * The seller's quantity prices, quantity, Add to Cart and Buy Now (Buy Now adds, then opens checkout:
 * docs/architecture.md).
 */
export function PurchaseBox({ product }: { product: ProductDetail }) {
  const { i18n, t } = useLingui();
  const { userId } = useStoredUser();
  const toast = useToast();
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  // The field's text may be briefly empty while typing; the quantity sent is never below 1.
  const [draft, setDraft] = useState('1');
  const quantity = clampQuantity(Number(draft));
  const setQuantity = (n: number) => setDraft(String(clampQuantity(n)));
  const [buying, setBuying] = useState(false);
  const quantityId = useId();

  const add = (thenCheckout: boolean) => {
    if (!userId) {
      toast(term(i18n, MSG.loginToAddToCart), 'warning');
      return;
    }
    setBuying(thenCheckout);
    addToCart.mutate({ customerid: userId, product, quantity }, {
      onSuccess: () => {
        if (thenCheckout) navigate('/Cart/order');
        else toast(t`Product added to cart!`, 'success');
      },
      onError: (err) => toast(refusalText(err, t`Something went wrong.`), 'danger'),
    });
  };

  const disabled = !product.InStock || addToCart.isPending;
  return (
    <div className="d-flex flex-column gap-3">
      <QuantityPrices product={product} quantity={quantity} />
      <div>
        <label htmlFor={quantityId} className="form-label fw-semibold mb-1"><Trans>Quantity</Trans></label>
        <div className="input-group quantity-input">
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label={t`One less`}
            disabled={quantity <= 1}
            onClick={() => setQuantity(quantity - 1)}
          >
            −
          </button>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            className="form-control text-center"
            min={1}
            step={1}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => setQuantity(quantity)}
          />
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-label={t`One more`}
            onClick={() => setQuantity(quantity + 1)}
          >
            +
          </button>
        </div>
        <div className="form-text">{product.ProductUnit ? t`Priced per ${term(i18n, product.ProductUnit)}` : null}</div>
        <QuantityPriceAt product={product} quantity={quantity} />
      </div>
      <DeliverTo product={product} quantity={quantity} />
      <div className="d-grid d-sm-flex gap-2">
        <button type="button" className="btn btn-outline-primary btn-lg flex-fill" disabled={disabled} onClick={() => add(false)}>
          {addToCart.isPending && !buying ? t`Adding...` : t`Add to Cart`}
        </button>
        <button type="button" className="btn btn-primary btn-lg flex-fill" disabled={disabled} onClick={() => add(true)}>
          {addToCart.isPending && buying ? t`Adding...` : t`Buy Now`}
        </button>
      </div>
      <BulkQuotesLink items={[{ category: product.ProductCategory, name: product.ProductName }]} className="btn btn-link px-0" />
    </div>
  );
}
