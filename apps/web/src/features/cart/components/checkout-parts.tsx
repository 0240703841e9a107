import { useId } from 'react';
import { z } from 'zod';
import type { ReverseGeocode } from '@nirmaan/shared/geocode';
import { ZOrderLineIn, ZShippingAddress, type CartItem } from '@nirmaan/shared/cart';
import type { ProductPaymentMethod } from '@nirmaan/shared/constants';
import { CART_MSG } from '@nirmaan/shared/messages';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { Field, type AnyForm } from '../../../components/ui/form.tsx';
import { AddressHeading } from '../../../components/ui/locate-me.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useLocateMe, type LocateFailureText } from '../../../lib/locate.ts';
import { OrderSummary, subtotalPaiseOf } from './order-summary.tsx';

/** The checkout's fields, each checked with the rule the server applies to an order line. */
export const ZCheckoutForm = z.object({
  name: ZOrderLineIn.shape.customerName,
  phone: ZOrderLineIn.shape.phone,
  email: ZOrderLineIn.shape.email,
  address: ZShippingAddress.shape.fullAddress,
  city: ZShippingAddress.shape.city,
  state: ZShippingAddress.shape.state,
  pincode: ZShippingAddress.shape.pincode,
});
export type CheckoutValues = z.input<typeof ZCheckoutForm>;
type Form = AnyForm<CheckoutValues>;
export const NO_DETAILS: CheckoutValues = { name: '', phone: '', email: '', address: '', city: '', state: '', pincode: '' };
/** Which form field a server refusal's path (`body.orders.0.customerName`) names. */
export const FIELD_OF: Record<string, keyof CheckoutValues> = { customerName: 'name', fullAddress: 'address' };

export function CustomerFields({ form }: { form: Form }) {
  const id = useId();
  const { t } = useLingui();
  return (
    <section className="card card-body" aria-labelledby={`${id}-h-customer`}>
      <h2 id={`${id}-h-customer`} className="h6"><Trans>Customer information</Trans></h2>
      <div className="row g-3">
        <Field form={form} name="name" label={t`Full name`} className="col-md-6" autoComplete="name" required />
        <Field form={form} name="phone" label={t`Phone`} className="col-md-6" type="tel" autoComplete="tel" required />
        <Field form={form} name="email" label={t`Email`} className="col-md-6" type="email" autoComplete="email" required />
      </div>
    </section>
  );
}

const locateFailure = (i18n: I18n): LocateFailureText => (kind) => term(i18n, kind === 'unsupported' ? CART_MSG.geolocationUnsupported
  : kind === 'position' ? CART_MSG.failedToGetLocation : CART_MSG.unableToDetectLocation);

/** The delivery address; Locate Me fills what it finds and keeps what it does not. */
export function DeliveryAddress({ form, onCoordinates }: { form: Form; onCoordinates: (c: { latitude: number; longitude: number }) => void }) {
  const id = useId();
  const toast = useToast();
  const { i18n, t } = useLingui();
  const fill = (place: ReverseGeocode) => {
    onCoordinates({ latitude: place.latitude, longitude: place.longitude });
    const keep = form.getValues();
    form.setValue('address', place.formattedAddress || keep.address);
    form.setValue('city', place.city || keep.city);
    form.setValue('state', place.state || keep.state);
    form.setValue('pincode', place.pincode || keep.pincode);
  };
  const { locating, locate } = useLocateMe(fill, locateFailure(i18n), (text) => toast(text, 'danger'));
  return (
    <section className="card card-body" aria-labelledby={`${id}-h-address`}>
      <AddressHeading id={`${id}-h-address`} locating={locating} onLocate={locate}><Trans>Delivery address</Trans></AddressHeading>
      <div className="row g-3">
        <Field form={form} name="address" label={t`Address`} className="col-12" autoComplete="street-address" required />
        <Field form={form} name="city" label={t`City`} className="col-md-6" required />
        <Field form={form} name="state" label={t`State`} className="col-md-6" required />
        <Field form={form} name="pincode" label={t`Pincode`} className="col-md-6" autoComplete="postal-code" required />
      </div>
    </section>
  );
}

const PAYMENT_LABELS = { cod: msg`Cash on delivery`, online: msg`Pay online (card, netbanking)`, upi: msg`UPI` } as const satisfies Record<ProductPaymentMethod, unknown>;

export function PaymentMethods({ methods, method, onChange }: {
  methods: readonly ProductPaymentMethod[]; method: ProductPaymentMethod; onChange: (m: ProductPaymentMethod) => void;
}) {
  const id = useId();
  const { i18n } = useLingui();
  return (
    <fieldset className="card card-body">
      <legend className="h6"><Trans>Payment method</Trans></legend>
      {methods.map((m) => (
        <div className="form-check" key={m}>
          <input className="form-check-input" type="radio" name={`${id}-payment`} id={`${id}-pay-${m}`} checked={method === m} onChange={() => onChange(m)} />
          <label className="form-check-label" htmlFor={`${id}-pay-${m}`}>{i18n._(PAYMENT_LABELS[m])}</label>
        </div>
      ))}
      {method !== 'cod' ? <p className="small text-body-secondary mb-0 mt-2"><Trans>Your order stays “Pending” payment until the payment is confirmed.</Trans></p> : null}
    </fieldset>
  );
}

export function CheckoutSummary({ items, busyText, quotedFeePaise }: { items: readonly CartItem[]; busyText: string | null; quotedFeePaise: number | null }) {
  const subtotalPaise = subtotalPaiseOf(items);
  const { i18n, t } = useLingui();
  return (
    <aside className="col-lg-4" aria-label={t`Order summary`}>
      <div className="card card-body">
        <h2 className="h6"><Trans>Order summary</Trans></h2>
        {items.length === 0 ? <p className="text-body-secondary">{term(i18n, CART_MSG.cartEmpty)}</p> : (
          <ul className="list-unstyled small mb-3">
            {items.map((i) => <li key={i._id} className="d-flex justify-content-between gap-2"><span>{i.productname} × {i.productQuantity}</span></li>)}
          </ul>
        )}
        <OrderSummary subtotalPaise={subtotalPaise} quotedFeePaise={quotedFeePaise} />
        <button type="submit" className="btn btn-primary w-100 mt-3" disabled={busyText !== null}>{busyText ?? t`Place Order`}</button>
      </div>
    </aside>
  );
}
