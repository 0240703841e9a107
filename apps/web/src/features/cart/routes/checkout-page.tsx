import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { CartItem, DeliveryChoice, OrderCartBody } from '@nirmaan/shared/cart';
import { PAYMENT_METHODS_FOR_PRODUCTS, type ProductPaymentMethod } from '@nirmaan/shared/constants';
import { CART_MSG } from '@nirmaan/shared/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { ZRazorpayStart } from '@nirmaan/shared/payments';
import { BusinessBilling, checkedBilling, useBillingForm, type BillingForm } from '../../../components/business-billing.tsx';
import { showServerErrors, useZodForm, type AnyForm } from '../../../components/ui/form.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { refusalText } from '../../../lib/refusal.ts';
import { profileQuery } from '../../../lib/queries.ts';
import { PAY_MSG, usePayment, usePaymentOptions } from '../../../lib/razorpay.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { isPincode, useRememberedPincode } from '../../../lib/delivery.ts';
import { useCart, usePlaceOrder } from '../api/cart.ts';
import { DeliverySlots, useCartQuote } from '../components/cart-delivery.tsx';
import { useWhatsAppOptIn } from '../../../components/whatsapp-opt-in.tsx';
import {
  CheckoutSummary, CustomerFields, DeliveryAddress, FIELD_OF, NO_DETAILS, PaymentMethods, ZCheckoutForm, type CheckoutValues,
} from '../components/checkout-parts.tsx';

type Coordinates = { latitude: number; longitude: number } | null;

/** The order as POST /ordercart takes it: one line per cart item, each with the buyer's details as typed. */
function orderBody(items: readonly CartItem[], userId: string, v: CheckoutValues, method: ProductPaymentMethod, coordinates: Coordinates): OrderCartBody {
  return {
    paymentMethod: method,
    orders: items.map((i) => ({
      productId: i.productid, quantity: i.productQuantity, customerId: userId, customerName: v.name, phone: v.phone, email: v.email,
      shippingAddress: { fullAddress: v.address, city: v.city, pincode: v.pincode, state: v.state, coordinates },
    })),
  };
}

/**
 * The delivery at the address's pincode (decision record 034): the remembered pincode fills an empty field, a
 * pincode typed here is remembered, and the cart is quoted there; the chosen dates and windows go with the order.
 */
function useCheckoutDelivery(form: AnyForm<CheckoutValues>, items: readonly CartItem[]) {
  const [remembered, remember] = useRememberedPincode();
  const typed = form.watch('pincode').trim();
  useEffect(() => {
    if (remembered && !form.getValues('pincode')) form.setValue('pincode', remembered);
  }, [remembered, form]);
  useEffect(() => {
    if (isPincode(typed) && typed !== remembered) remember(typed);
  }, [typed, remembered, remember]);
  const pin = isPincode(typed) ? typed : null;
  const quote = useCartQuote(pin, items);
  const [choices, setChoices] = useState<DeliveryChoice[]>([]);
  return { pin, quote, choices, setChoices };
}

/** Fills empty fields from the profile once, when it arrives. */
function usePrefill(form: AnyForm<CheckoutValues>, userId: string | null) {
  const profile = useQuery(profileQuery(userId));
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !profile.data) return;
    prefilled.current = true;
    const p = profile.data;
    const f = form.getValues();
    form.reset({ ...f, name: f.name || p.Full_Name, email: f.email || p.Emailaddress, phone: f.phone || p.Phone_Number, city: f.city || (p.Location === 'Google' ? '' : p.Location) });
  }, [profile.data, form]);
}

/** Places the order, then pays online when the server started a payment; My orders either way. */
function usePlaceAndPay(form: AnyForm<CheckoutValues>, billing: AnyForm<BillingForm>) {
  const placeOrder = usePlaceOrder();
  const pay = usePayment();
  const toast = useToast();
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const { i18n, t } = useLingui();
  // One key per visit to checkout: a double click or a retry after a lost answer places one order.
  const idempotencyKey = useRef(crypto.randomUUID());

  const place = (body: OrderCartBody, buyer: CheckoutValues) => placeOrder.mutate({ body, key: idempotencyKey.current }, {
    onSuccess: async (placed) => {
      const start = ZRazorpayStart.safeParse(placed.payment);
      if (!start.success) toast(term(i18n, CART_MSG.orderPlaced), 'success');
      else if (start.data.message) toast(term(i18n, start.data.message), 'warning');
      else {
        setPaying(true);
        const outcome = await pay(start.data, { name: buyer.name, email: buyer.email, contact: buyer.phone });
        setPaying(false);
        toast(term(i18n, PAY_MSG[outcome]), outcome === 'paid' ? 'success' : 'warning');
      }
      navigate('/myorder');
    },
    onError: (err) => {
      showServerErrors(form, err, FIELD_OF);
      showServerErrors(billing, err);
      toast(refusalText(err, term(i18n, CART_MSG.failedToPlaceOrder)), 'danger');
    },
  });
  const busyText = paying ? t`Paying...` : placeOrder.isPending ? t`Placing order...` : null;
  return { place, busyText };
}

/** /Cart/order: customer details prefilled from the profile, the address with Locate Me, the payment choice. */
export function Component() {
  const { userId } = useStoredUser();
  const { i18n } = useLingui();
  if (!userId) {
    return (
      <div className="container py-5 text-center">
        <p>{term(i18n, CART_MSG.cartEmpty)}</p>
        <Link to="/login" className="btn btn-primary"><Trans>Log in to check out</Trans></Link>
      </div>
    );
  }
  return <Checkout userId={userId} />;
}

function Checkout({ userId }: { userId: string }) {
  const cart = useCart(userId);
  const options = usePaymentOptions();
  const methods = PAYMENT_METHODS_FOR_PRODUCTS.filter((m) => m === 'cod' || options.onlinePayment);
  const toast = useToast();
  const { i18n, t } = useLingui();
  const form = useZodForm(ZCheckoutForm, { defaultValues: NO_DETAILS });
  const [method, setMethod] = useState<ProductPaymentMethod>('cod');
  const [coordinates, setCoordinates] = useState<Coordinates>(null);
  const whatsapp = useWhatsAppOptIn(form.watch('phone'));
  const billing = useBillingForm();
  const { place, busyText } = usePlaceAndPay(form, billing);
  usePrefill(form, userId);
  const items = cart.data ?? [];
  const delivery = useCheckoutDelivery(form, items);

  const submit = form.handleSubmit(async () => {
    // The details as typed: the server checks and trims them again.
    const details = form.getValues();
    // A business buyer's GSTIN is checked here first, by the server's own schema (decision record 022).
    const extra = await checkedBilling(billing);
    // Only choices the current quote still offers (the pincode may have changed since they were made).
    const offered = (c: DeliveryChoice) => delivery.quote.data?.vendors.some((v) => v.vendorId === c.vendorId && v.dates.includes(c.date)) ?? false;
    const chosen = { delivery: { choices: delivery.choices.filter(offered) } };
    if (!extra) return;
    // The WhatsApp consent goes with the order and is stored in its transaction (decision record 038).
    const optIn = whatsapp.field();
    if (optIn === null) return;
    place({ ...orderBody(items, userId, details, method, coordinates), ...chosen, ...extra, whatsapp: optIn }, details);
  });
  const onSubmit = (event: FormEvent) => {
    if (items.length === 0) {
      event.preventDefault();
      toast(term(i18n, CART_MSG.noProductsInCart), 'warning');
      return;
    }
    void submit(event);
  };

  return (
    <div className="container py-4">
      <title>{t`Checkout | Nirmaan`}</title>
      <h1 className="h3 mb-3"><Trans>Checkout</Trans></h1>
      {cart.isPending ? (
        <Loading text={t`Loading your cart...`} />
      ) : cart.isError ? (
        <ErrorState><Trans>Your cart could not be loaded. Please try again.</Trans></ErrorState>
      ) : (
        <form className="row g-4" onSubmit={onSubmit} noValidate>
          <div className="col-lg-8 d-flex flex-column gap-4">
            <CustomerFields form={form} />
            <DeliveryAddress form={form} onCoordinates={setCoordinates} />
            {delivery.quote.data && delivery.pin ? <DeliverySlots quote={delivery.quote.data} items={items} choices={delivery.choices} onChange={delivery.setChoices} /> : null}
            <BusinessBilling form={billing} />
            <PaymentMethods methods={methods} method={method} onChange={setMethod} />
            {whatsapp.box}
          </div>
          <CheckoutSummary items={items} busyText={busyText} quotedFeePaise={delivery.pin ? delivery.quote.data?.deliveryFeePaise ?? null : null} />
        </form>
      )}
    </div>
  );
}
