import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { formatPaise, paiseFromDecimal, paiseToDecimal } from '@nirmaan/shared/money';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAYMENT_TERMS, RFQ_MSG, ZRfqQuoteBody, type RfqQuote, type SoldAsChoice, type VendorRfq } from '@nirmaan/shared/rfqs';
import { Field, errorOf, useControl, FieldError, type AnyForm } from '../../../components/ui/form.tsx';
import { formatDeliveryDate } from '../../../lib/delivery.ts';
import { rfqUnitLabel } from '../../../lib/rfqs.ts';
import { reasonText } from '../../../lib/delivery-reasons.ts';
import { term } from '../../../lib/terms.ts';

/**
 * The seller's quote as typed: rupees (at most two decimals) read as paise exactly, then checked by the contract's
 * own rules; freight that differs from the rate card's proposal needs a reason, as the server holds.
 */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const rupees = <T extends z.ZodType<number, number>>(rule: T) =>
  z.string().trim().transform((s) => (AMOUNT.test(s) ? paiseFromDecimal(s) : Number.NaN)).pipe(rule);
const Q = ZRfqQuoteBody.shape;

export function quoteFormSchema(proposedFreightPaise: number | null) {
  return z.object({
    items: z.array(z.object({ itemId: z.string(), productId: z.string(), unitPrice: rupees(Q.items.element.shape.unitPricePaise) })),
    freight: rupees(Q.freightPaise),
    freightReason: z.string().trim().max(300, 'At most 300 characters.'),
    unloading: rupees(Q.unloadingPaise),
    partLoad: rupees(Q.partLoadPaise.unwrap()),
    validHours: z.string().transform(Number).pipe(Q.validHours),
    paymentTerms: Q.paymentTerms,
    earliestDate: z.string(),
    notes: Q.notes,
  }).superRefine((v, ctx) => {
    if (proposedFreightPaise !== null && v.freight !== proposedFreightPaise && v.freightReason === '') {
      ctx.addIssue({ code: 'custom', path: ['freightReason'], message: RFQ_MSG.freightReason });
    }
  });
}
export type QuoteFormValues = z.input<ReturnType<typeof quoteFormSchema>>;
type Form = AnyForm<QuoteFormValues>;

/** How long a quote holds: a few choices a seller thinks in. */
export const VALIDITY_HOURS = [6, 24, 48, 72, 168, 336] as const;

/** The form filled from the seller's live quote (a revision starts from it), else from the rate card's proposal and the product prices. */
export function quoteDefaults(rfq: VendorRfq): QuoteFormValues {
  const live: RfqQuote | undefined = rfq.myQuotes.find((q) => q.status === 'live');
  const p = rfq.proposal;
  const price = (itemId: string) => live?.items.find((i) => i.itemId === itemId)?.unitPricePaise ?? p?.products.find((x) => x.itemId === itemId)?.pricePaise ?? null;
  const amount = (paise: number | null | undefined) => (paise == null ? '' : paiseToDecimal(paise));
  // The product the live quote sells the item as, else the server's own pick (the cheapest with the quantity in stock).
  const soldAs = (itemId: string) => live?.items.find((i) => i.itemId === itemId)?.productId ?? p?.products.find((x) => x.itemId === itemId)?.productId ?? '';
  return {
    items: rfq.items.map((i) => ({ itemId: i._id, productId: soldAs(i._id), unitPrice: amount(price(i._id)) })),
    freight: amount(live?.freightPaise ?? p?.freightPaise ?? 0),
    freightReason: live?.freightReason ?? '',
    unloading: amount(live?.unloadingPaise ?? p?.unloadingPaise ?? 0),
    partLoad: amount(live?.partLoadPaise ?? 0),
    validHours: '48',
    paymentTerms: live?.paymentTerms ?? ['online', 'cod'],
    earliestDate: live?.earliestDate ?? p?.dates[0] ?? '',
    notes: live?.notes ?? '',
  };
}

/** The form's values as POST /api/vendor/rfqs/{id}/quotes takes them. */
export function quoteBody(v: z.output<ReturnType<typeof quoteFormSchema>>) {
  return {
    items: v.items.map((i) => ({ itemId: i.itemId, unitPricePaise: i.unitPrice, ...(i.productId ? { productId: i.productId } : {}) })),
    freightPaise: v.freight, ...(v.freightReason ? { freightReason: v.freightReason } : {}),
    unloadingPaise: v.unloading, partLoadPaise: v.partLoad, validHours: v.validHours, paymentTerms: v.paymentTerms, notes: v.notes,
    ...(v.earliestDate ? { earliestDate: v.earliestDate } : {}),
  };
}

function validityLabel(t: ReturnType<typeof useLingui>['t'], hours: (typeof VALIDITY_HOURS)[number]): string {
  return { 6: t`6 hours`, 24: t`1 day`, 48: t`2 days`, 72: t`3 days`, 168: t`1 week`, 336: t`2 weeks` }[hours];
}

function PaymentTerms({ form }: { form: Form }) {
  const { props, error, errorId } = useControl(form, 'paymentTerms', 'form-check-input');
  const { t } = useLingui();
  const labels = { online: t`Online payment`, cod: t`Cash on delivery` } as const;
  return (
    <fieldset className="col-md-6">
      <legend className="form-label fs-6"><Trans>Buyer may pay</Trans></legend>
      {PAYMENT_TERMS.map((term) => (
        <div className="form-check form-check-inline" key={term}>
          <input type="checkbox" value={term} {...props} id={`${props.id}-${term}`} />
          <label className="form-check-label" htmlFor={`${props.id}-${term}`}>{labels[term]}</label>
        </div>
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/**
 * Which of the seller's products an item is sold as: its HSN and GST rate become the quote's, and the order's line
 * is of it. A product short of the quantity is marked (out of stock, or how many are left); the server refuses to
 * quote more than the stock.
 */
function SoldAs({ form, index, quantity, choices }: { form: Form; index: number; quantity: number; choices: readonly SoldAsChoice[] }) {
  const { t, i18n } = useLingui();
  const line = (c: SoldAsChoice) => {
    const price = formatPaise(c.pricePaise);
    const unit = term(i18n, c.unit);
    const { hsn, stock: count } = c;
    const rate = c.gstRatePercent ?? 0;
    const tax = hsn ? t`HSN ${hsn}, GST ${rate}%` : t`no HSN`;
    const stock = count === 0 ? t`out of stock` : count < quantity ? t`only ${count} in stock` : t`${count} in stock`;
    return `${c.name} · ${price} / ${unit} · ${tax} · ${stock}`;
  };
  return (
    <Field form={form} name={`items.${index}.productId`} label={<Trans>Sold as</Trans>} className="col-md-8" as="select">
      {choices.map((c) => <option key={c.productId} value={c.productId}>{line(c)}</option>)}
    </Field>
  );
}

/** Every item priced (GST included) and sold as one of the seller's products, then freight (the rate card's, editable with a reason), unloading, part-load, date, validity, terms and notes. */
export function QuoteFields({ form, rfq }: { form: Form; rfq: VendorRfq }) {
  const { t, i18n } = useLingui();
  const items = useFieldArray({ control: form.control, name: 'items' });
  const p = rfq.proposal;
  const freight = form.watch('freight');
  const proposed = p?.served ? p.freightPaise : null;
  const dates = [...new Set([...(p?.dates ?? []), ...(form.getValues('earliestDate') ? [form.getValues('earliestDate')] : [])])].sort();
  const differs = proposed !== null && AMOUNT.test(freight.trim()) && paiseFromDecimal(freight.trim()) !== proposed;
  const proposedFreight = p?.served ? formatPaise(p.freightPaise) : '';
  const proposedUnloading = p?.served ? formatPaise(p.unloadingPaise) : '';
  const km = p?.distanceKm ?? null;
  const reason = p?.reason ? reasonText(i18n, p.reason) : '';
  return (
    <div className="row g-3">
      {items.fields.map((f, i) => {
        const item = rfq.items.find((x) => x._id === f.itemId)!;
        const choices = p?.choices?.find((c) => c.itemId === f.itemId)?.products ?? [];
        const quantity = item.quantity;
        const unit = rfqUnitLabel(i18n, item.unit);
        const description = item.description;
        const category = term(i18n, item.category);
        return (
          <div className="col-12 row g-2" key={f.id} data-testid="quote-item">
            <Field form={form} name={`items.${i}.unitPrice`} inputMode="decimal" className="col-md-8"
              label={<Trans>Unit price for {quantity} {unit} {description} ({category}), ₹ per {unit} incl. GST</Trans>} />
            {choices.length > 0 ? <SoldAs form={form} index={i} quantity={item.quantity} choices={choices} /> : (
              <div className="form-text">
                <Trans>You have no live {category} product: add one under Products to quote this item.</Trans>
              </div>
            )}
          </div>
        );
      })}
      <Field form={form} name="freight" label={<Trans>Freight (₹)</Trans>} className="col-6 col-md-3" inputMode="decimal" />
      <Field form={form} name="unloading" label={<Trans>Unloading (₹)</Trans>} className="col-6 col-md-3" inputMode="decimal" />
      <Field form={form} name="partLoad" label={<Trans>Part-load charge (₹)</Trans>} className="col-6 col-md-3" inputMode="decimal" />
      <div className="col-12 form-text mt-1">
        {p?.served
          ? km !== null
            ? t`Your rate card proposes ${proposedFreight} freight and ${proposedUnloading} unloading for this load (${km} km).`
            : t`Your rate card proposes ${proposedFreight} freight and ${proposedUnloading} unloading for this load.`
          : p?.reason ? <Trans>Your rate card does not serve this site: {reason}</Trans> : null}
      </div>
      {differs || errorOf(form, 'freightReason') ? (
        <Field form={form} name="freightReason" label={<Trans>Why the freight differs from your rate card</Trans>} className="col-12" />
      ) : null}
      <Field form={form} name="earliestDate" label={<Trans>Earliest delivery</Trans>} className="col-6 col-md-3" as="select">
        {dates.map((d) => <option key={d} value={d}>{formatDeliveryDate(d)}</option>)}
        {dates.length === 0 ? <option value="">{t`First date your schedule allows`}</option> : null}
      </Field>
      <Field form={form} name="validHours" label={<Trans>Quote valid for</Trans>} className="col-6 col-md-3" as="select">
        {VALIDITY_HOURS.map((h) => <option key={h} value={String(h)}>{validityLabel(t, h)}</option>)}
      </Field>
      <PaymentTerms form={form} />
      <Field form={form} name="notes" label={<Trans>Notes for the buyer</Trans>} className="col-12" as="textarea" rows={2} />
    </div>
  );
}
