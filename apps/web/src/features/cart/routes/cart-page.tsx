import { BulkQuotesLink } from '../../../components/bulk-quotes-link.tsx';
import { Link, useNavigate } from 'react-router';
import { CART_MSG } from '@nirmaan/shared/messages';
import type { CartItem } from '@nirmaan/shared/cart';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatPaise, formatRupees, rupeesToPaise, timesQuantity } from '@nirmaan/shared/money';
import { useStoredUser } from '../../../lib/session.ts';
import { useCart, useRemoveCartItem, useSetCartQuantity } from '../api/cart.ts';
import { useRememberedPincode } from '../../../lib/delivery.ts';
import { CartDelivery, refusalsOf, useCartQuote } from '../components/cart-delivery.tsx';
import { OrderSummary, subtotalPaiseOf } from '../components/order-summary.tsx';

/** /cart: the items with quantity controls and remove, the delivery rule, the total and Checkout (the spec's screens). */
export function Component() {
  const { userId } = useStoredUser();
  const cart = useCart(userId);
  const navigate = useNavigate();
  const [pin] = useRememberedPincode();
  const quote = useCartQuote(pin, cart.data ?? []);
  const { i18n, t } = useLingui();
  const refusals = refusalsOf(i18n, quote.data);

  if (!userId) {
    return (
      <div className="container py-5 text-center">
        <h1 className="h3"><Trans>Your cart</Trans></h1>
        <p className="text-body-secondary">{term(i18n, CART_MSG.cartEmpty)}</p>
        <Link to="/login" className="btn btn-primary"><Trans>Log in to see your cart</Trans></Link>
      </div>
    );
  }
  const items = cart.data ?? [];
  const subtotalPaise = subtotalPaiseOf(items);
  return (
    <div className="container py-4">
      <title>{t`Your cart | Nirmaan`}</title>
      <h1 className="h3 mb-3"><Trans>Your cart</Trans></h1>
      {items.length > 0 ? (
        <p className="text-body-secondary small"><Plural value={items.reduce((n, i) => n + i.productQuantity, 0)} one="# unit in your cart" other="# units in your cart" /></p>
      ) : null}
      {cart.isPending ? (
        <Loading text={t`Loading your cart...`} />
      ) : cart.isError ? (
        <ErrorState><Trans>Your cart could not be loaded. Please try again.</Trans></ErrorState>
      ) : items.length === 0 ? (
        <div className="text-center py-5">
          <p className="text-body-secondary">{term(i18n, CART_MSG.cartEmpty)}</p>
          <Link to="/products" className="btn btn-outline-primary"><Trans>Continue shopping</Trans></Link>
        </div>
      ) : (
        <div className="row g-4">
          <ul className="col-lg-8 list-unstyled mb-0 d-flex flex-column gap-3" aria-label={t`Cart items`}>
            {items.map((item) => <CartRow key={item._id} item={item} refusal={refusals.get(item.productid) ?? null} />)}
          </ul>
          <aside className="col-lg-4" aria-label={t`Order summary`}>
            <div className="card card-body">
              <h2 className="h6"><Trans>Order summary</Trans></h2>
              <CartDelivery pin={pin} items={items} quote={quote} />
              <OrderSummary subtotalPaise={subtotalPaise} quotedFeePaise={quote.data?.deliveryFeePaise ?? null} />
              <button type="button" className="btn btn-primary w-100 mt-3" onClick={() => navigate('/Cart/order')}><Trans>Checkout</Trans></button>
              <BulkQuotesLink items={items.map((i) => ({ category: i.productcategory, name: i.productname }))} className="btn btn-outline-secondary w-100 mt-2" />
              <Link to="/products" className="btn btn-link w-100 mt-1"><Trans>Continue shopping</Trans></Link>
            </div>
          </aside>
        </div>
      )}
    </div>
  );
}

/**
 * That a quantity price applies to the line (the server priced it: docs/decisions/035), and the next one a larger
 * quantity would get.
 */
function QuantityPriceNote({ item }: { item: CartItem }) {
  const { quantityBreak, nextQuantityBreak, listPricePaise } = item;
  const { i18n, t } = useLingui();
  if (!quantityBreak && !nextQuantityBreak) return null;
  const unit = term(i18n, item.productunit);
  return (
    <p className="small mb-0" data-testid="quantity-price-note">
      {quantityBreak && listPricePaise !== undefined ? (
        <span className="text-success-emphasis">
          {t`Bulk price for ${quantityBreak.minQuantity} or more (list price ${formatPaise(listPricePaise, { wholeRupees: 'short' })}).`}
        </span>
      ) : null}
      {quantityBreak && nextQuantityBreak ? ' ' : null}
      {nextQuantityBreak ? (
        <span className="text-body-secondary">
          {t`Buy ${nextQuantityBreak.minQuantity} or more for ${formatPaise(nextQuantityBreak.pricePaise, { wholeRupees: 'short' })} per ${unit}.`}
        </span>
      ) : null}
    </p>
  );
}

function CartRow({ item, refusal }: { item: CartItem; refusal: string | null }) {
  const toast = useToast();
  const remove = useRemoveCartItem();
  const setQuantity = useSetCartQuantity();
  const change = (quantity: number) => {
    if (quantity < 1) return;
    setQuantity.mutate({ itemId: item._id, quantity }, { onError: (err) => toast(err.message, 'danger') });
  };
  const busy = remove.isPending || setQuantity.isPending;
  const { i18n, t } = useLingui();
  const name = item.productname;
  const price = formatRupees(item.productprice, { wholeRupees: 'short' });
  const unit = term(i18n, item.productunit);
  return (
    <li className="card">
      <div className="card-body d-flex gap-3 align-items-center flex-wrap">
        <img src={item.producturl} alt="" width="80" height="60" className="rounded object-fit-cover bg-body-tertiary flex-shrink-0" />
        <div className="flex-grow-1 min-w-0">
          <Link to={`/product/${item.productid}`} className="fw-semibold link-body-emphasis text-decoration-none">{item.productname}</Link>
          <p className="small text-body-secondary mb-0">{item.productvendor} · <Trans>{price} per {unit}</Trans></p>
          <QuantityPriceNote item={item} />
          {refusal ? <p className="small text-danger mb-0"><Trans>{refusal}: this item cannot be delivered to your pincode.</Trans></p> : null}
        </div>
        <div className="input-group quantity-input w-auto" role="group" aria-label={t`Quantity of ${name}`}>
          <button type="button" className="btn btn-outline-secondary" aria-label={t`One less ${name}`} disabled={busy || item.productQuantity <= 1} onClick={() => change(item.productQuantity - 1)}>−</button>
          <span className="input-group-text bg-white" aria-live="polite">{item.productQuantity}</span>
          <button type="button" className="btn btn-outline-secondary" aria-label={t`One more ${name}`} disabled={busy} onClick={() => change(item.productQuantity + 1)}>+</button>
        </div>
        <span className="fw-semibold text-end cart-line-total">{formatPaise(timesQuantity(rupeesToPaise(item.productprice), item.productQuantity), { wholeRupees: 'short' })}</span>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          disabled={busy}
          onClick={() => remove.mutate(item._id, {
            onSuccess: () => toast(term(i18n, CART_MSG.itemRemoved), 'success'),
            onError: () => toast(term(i18n, CART_MSG.failedToRemove), 'danger'),
          })}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
    </li>
  );
}
