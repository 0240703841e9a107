import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { formatPaise, paiseFromDecimal, paiseToDecimal } from '@nirmaan/shared/money';
import { PAYMENT_TERMS, RFQ_MSG, RFQ_UNIT_LABELS, ZRfqQuoteBody, type RfqQuote, type VendorRfq } from '@nirmaan/shared/rfqs';
import { Field, errorOf, useControl, FieldError, type AnyForm } from '../../../components/ui/form.tsx';
import { formatDeliveryDate } from '../../../lib/delivery.ts';

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
    items: z.array(z.object({ itemId: z.string(), unitPrice: rupees(Q.items.element.shape.unitPricePaise) })),
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
export const VALIDITY_CHOICES: [hours: number, label: string][] = [[6, '6 hours'], [24, '1 day'], [48, '2 days'], [72, '3 days'], [168, '1 week'], [336, '2 weeks']];

/** The form filled from the seller's live quote (a revision starts from it), else from the rate card's proposal and the product prices. */
export function quoteDefaults(rfq: VendorRfq): QuoteFormValues {
  const live: RfqQuote | undefined = rfq.myQuotes.find((q) => q.status === 'live');
  const p = rfq.proposal;
  const price = (itemId: string) => live?.items.find((i) => i.itemId === itemId)?.unitPricePaise ?? p?.products.find((x) => x.itemId === itemId)?.pricePaise ?? null;
  const amount = (paise: number | null | undefined) => (paise == null ? '' : paiseToDecimal(paise));
  return {
    items: rfq.items.map((i) => ({ itemId: i._id, unitPrice: amount(price(i._id)) })),
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
    items: v.items.map((i) => ({ itemId: i.itemId, unitPricePaise: i.unitPrice })),
    freightPaise: v.freight, ...(v.freightReason ? { freightReason: v.freightReason } : {}),
    unloadingPaise: v.unloading, partLoadPaise: v.partLoad, validHours: v.validHours, paymentTerms: v.paymentTerms, notes: v.notes,
    ...(v.earliestDate ? { earliestDate: v.earliestDate } : {}),
  };
}

const TERM_LABELS = { online: 'Online payment', cod: 'Cash on delivery' } as const;

function PaymentTerms({ form }: { form: Form }) {
  const { props, error, errorId } = useControl(form, 'paymentTerms', 'form-check-input');
  return (
    <fieldset className="col-md-6">
      <legend className="form-label fs-6">Buyer may pay</legend>
      {PAYMENT_TERMS.map((t) => (
        <div className="form-check form-check-inline" key={t}>
          <input type="checkbox" value={t} {...props} id={`${props.id}-${t}`} />
          <label className="form-check-label" htmlFor={`${props.id}-${t}`}>{TERM_LABELS[t]}</label>
        </div>
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** Every item priced (GST included), then freight (the rate card's, editable with a reason), unloading, part-load, date, validity, terms and notes. */
export function QuoteFields({ form, rfq }: { form: Form; rfq: VendorRfq }) {
  const items = useFieldArray({ control: form.control, name: 'items' });
  const p = rfq.proposal;
  const freight = form.watch('freight');
  const proposed = p?.served ? p.freightPaise : null;
  const dates = [...new Set([...(p?.dates ?? []), ...(form.getValues('earliestDate') ? [form.getValues('earliestDate')] : [])])].sort();
  const differs = proposed !== null && AMOUNT.test(freight.trim()) && paiseFromDecimal(freight.trim()) !== proposed;
  return (
    <div className="row g-3">
      {items.fields.map((f, i) => {
        const item = rfq.items.find((x) => x._id === f.itemId)!;
        const product = p?.products.find((x) => x.itemId === f.itemId);
        return (
          <div className="col-12" key={f.id} data-testid="quote-item">
            <Field form={form} name={`items.${i}.unitPrice`} inputMode="decimal" className="col-md-8"
              label={<>Unit price for {item.quantity} {RFQ_UNIT_LABELS[item.unit]} {item.description} ({item.category}), ₹ per {RFQ_UNIT_LABELS[item.unit]} incl. GST</>} />
            <div className="form-text">
              {product?.productName ? `Sold as your ${product.productName}` : `You have no live ${item.category} product: add one under Products to quote this item.`}
            </div>
          </div>
        );
      })}
      <Field form={form} name="freight" label="Freight (₹)" className="col-6 col-md-3" inputMode="decimal" />
      <Field form={form} name="unloading" label="Unloading (₹)" className="col-6 col-md-3" inputMode="decimal" />
      <Field form={form} name="partLoad" label="Part-load charge (₹)" className="col-6 col-md-3" inputMode="decimal" />
      <div className="col-12 form-text mt-1">
        {p?.served ? `Your rate card proposes ${formatPaise(p.freightPaise)} freight and ${formatPaise(p.unloadingPaise)} unloading for this load${p.distanceKm !== null ? ` (${p.distanceKm} km)` : ''}.`
          : p?.reason ? `Your rate card does not serve this site: ${p.reason}` : null}
      </div>
      {differs || errorOf(form, 'freightReason') ? (
        <Field form={form} name="freightReason" label="Why the freight differs from your rate card" className="col-12" />
      ) : null}
      <Field form={form} name="earliestDate" label="Earliest delivery" className="col-6 col-md-3" as="select">
        {dates.map((d) => <option key={d} value={d}>{formatDeliveryDate(d)}</option>)}
        {dates.length === 0 ? <option value="">First date your schedule allows</option> : null}
      </Field>
      <Field form={form} name="validHours" label="Quote valid for" className="col-6 col-md-3" as="select">
        {VALIDITY_CHOICES.map(([h, label]) => <option key={h} value={String(h)}>{label}</option>)}
      </Field>
      <PaymentTerms form={form} />
      <Field form={form} name="notes" label="Notes for the buyer" className="col-12" as="textarea" rows={2} />
    </div>
  );
}
