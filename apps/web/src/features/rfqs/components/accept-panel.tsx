import { useId, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ZShippingAddress, type PlacedOrder } from '@nirmaan/shared/cart';
import { PAYMENT_METHODS_FOR_PRODUCTS, type ProductPaymentMethod } from '@nirmaan/shared/constants';
import { CART_MSG } from '@nirmaan/shared/messages';
import { formatPaise } from '@nirmaan/shared/money';
import { ZRazorpayStart } from '@nirmaan/shared/payments';
import { ZAcceptBody, type Rfq, type RfqQuote } from '@nirmaan/shared/rfqs';
import { Field, showServerErrors, useZodForm } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { PAY_MSG, usePayment, usePaymentOptions } from '../../../lib/razorpay.ts';
import { refusalText } from '../../../lib/refusal.ts';
import { useAcceptQuote, useAcceptSplit } from '../api/rfqs.ts';

/** The site's address and the phone the seller calls, each by the rule the server applies; the pincode is the request's. */
const ZAcceptForm = z.object({
  fullAddress: ZShippingAddress.shape.fullAddress,
  city: ZShippingAddress.shape.city,
  state: ZShippingAddress.shape.state,
  // Optional: empty leaves the account's phone.
  phone: z.string().trim().transform((s) => s || undefined).pipe(ZAcceptBody.shape.phone),
});
type AcceptValues = z.input<typeof ZAcceptForm>;

const METHOD_LABELS = { cod: msg`Cash on delivery`, online: msg`Pay online (card, netbanking)`, upi: msg`UPI` } as const;

/** The ways this quote can be paid: online ones when the seller takes them and payments are on, cash when the seller allows it. */
export function methodsFor(quote: Pick<RfqQuote, 'paymentTerms'>, onlinePayment: boolean): ProductPaymentMethod[] {
  return PAYMENT_METHODS_FOR_PRODUCTS.filter((m) => (m === 'cod' ? quote.paymentTerms.includes('cod') : onlinePayment && quote.paymentTerms.includes('online')));
}

/**
 * Accepting a quote: the site's address, the phone for delivery and how to pay. The server places the order at the
 * quoted prices; paid online, it starts the payment as checkout does and the same gateway window opens; then My orders.
 */
export function AcceptPanel({ rfq, quote, split, onClose }: {
  rfq: Rfq; quote: RfqQuote; onClose: () => void;
  /** A split across sellers: one quote per item (`quote` is the first pick's), the quotes and the landed total of the picks. */
  split?: { picks: { itemId: string; quoteId: string }[]; quotes: RfqQuote[]; landedPaise: number } | undefined;
}) {
  const id = useId();
  const options = usePaymentOptions();
  // A split is paid one way for every seller: the ways all its quotes take.
  const methods = (split?.quotes ?? [quote]).map((q) => methodsFor(q, options.onlinePayment)).reduce((a, b) => a.filter((m) => b.includes(m)));
  const [method, setMethod] = useState<ProductPaymentMethod | null>(methods[0] ?? null);
  const chosen = method && methods.includes(method) ? method : methods[0] ?? null;
  const form = useZodForm(ZAcceptForm, { defaultValues: { fullAddress: '', city: '', state: '', phone: '' } satisfies AcceptValues });
  const acceptOne = useAcceptQuote();
  const acceptSplit = useAcceptSplit();
  const accept = split ? acceptSplit : acceptOne;
  const pay = usePayment();
  const toast = useToast();
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const { t, i18n } = useLingui();

  const submit = form.handleSubmit((v) => {
    // Once placed, the page moves on to My orders: a second click does not accept again.
    if (!chosen || accept.isPending || accept.isSuccess) return;
    const shippingAddress = { fullAddress: v.fullAddress, city: v.city, state: v.state, pincode: rfq.pincode };
    const body = { paymentMethod: chosen, shippingAddress, ...(v.phone ? { phone: v.phone } : {}) };
    const done = {
      onSuccess: async (placed: PlacedOrder) => {
        const start = ZRazorpayStart.safeParse(placed.payment);
        if (!start.success) toast(CART_MSG.orderPlaced, 'success');
        else if (start.data.message) toast(start.data.message, 'warning');
        else {
          setPaying(true);
          const outcome = await pay(start.data, { ...(v.phone ? { contact: v.phone } : {}) });
          setPaying(false);
          toast(PAY_MSG[outcome], outcome === 'paid' ? 'success' : 'warning');
        }
        navigate('/myorder');
      },
      onError: (err: Error) => {
        showServerErrors(form, err);
        toast(refusalText(err, t`The quote could not be accepted. Please try again.`), 'danger');
      },
    };
    if (split) acceptSplit.mutate({ rfqId: rfq._id, body: { ...body, picks: split.picks } }, done);
    else acceptOne.mutate({ rfqId: rfq._id, quoteId: quote._id, body }, done);
  });
  const busy = paying ? t`Paying...` : accept.isPending ? t`Placing order...` : null;
  const seller = quote.vendor.businessName;
  const landed = formatPaise(split ? split.landedPaise : quote.landedTotalPaise);
  const sellers = split?.quotes.length ?? 1;

  return (
    <section className="card card-body border-primary" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="h5">{split ? <Trans>Accept the split across {sellers} sellers: {landed}</Trans> : <Trans>Accept {seller}’s quote of {landed}</Trans>}</h2>
      <form className="row g-3" onSubmit={(e) => void submit(e)} noValidate>
        <Field form={form} name="fullAddress" label={<Trans>Site address</Trans>} className="col-12" autoComplete="street-address" />
        <Field form={form} name="city" label={<Trans>City</Trans>} className="col-md-4" />
        <Field form={form} name="state" label={<Trans>State</Trans>} className="col-md-4" />
        <div className="col-md-4">
          <label className="form-label" htmlFor={`${id}-pin`}><Trans>Pincode</Trans></label>
          <input id={`${id}-pin`} className="form-control bg-body-tertiary" value={rfq.pincode} readOnly />
        </div>
        <Field form={form} name="phone" label={<Trans>Phone for delivery (optional)</Trans>} className="col-md-6" type="tel" autoComplete="tel" />
        <fieldset className="col-12">
          <legend className="h6"><Trans>Payment method</Trans></legend>
          {methods.length === 0 ? <p className="text-danger mb-0"><Trans>Online payment is not available right now, and this seller does not take cash. Please try later.</Trans></p> : null}
          {methods.map((m) => (
            <div className="form-check" key={m}>
              <input className="form-check-input" type="radio" name={`${id}-payment`} id={`${id}-pay-${m}`} checked={chosen === m} onChange={() => setMethod(m)} />
              <label className="form-check-label" htmlFor={`${id}-pay-${m}`}>{i18n._(METHOD_LABELS[m])}</label>
            </div>
          ))}
        </fieldset>
        <div className="col-12 d-flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy !== null || chosen === null}>{busy ?? t`Accept and place order`}</button>
          <button type="button" className="btn btn-outline-secondary" disabled={busy !== null} onClick={onClose}><Trans>Back to quotes</Trans></button>
        </div>
      </form>
    </section>
  );
}
