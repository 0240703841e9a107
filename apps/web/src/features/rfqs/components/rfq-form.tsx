import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { addDays, todayInIndia } from '@nirmaan/shared/dates';
import { RFQ_CATEGORIES, RFQ_LIMITS, RFQ_UNITS, ZRfqBody, ZRfqItemIn, type RfqUnit } from '@nirmaan/shared/rfqs';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field, errorOf, type AnyForm } from '../../../components/ui/form.tsx';
import { rfqUnitLabel } from '../../../lib/rfqs.ts';
import { term } from '../../../lib/terms.ts';

/**
 * The request for quotes as the customer fills it: every field checked by the contract's own rule, the numbers
 * typed as text and read as whole numbers (so an empty quantity says "at least 1", not "expected number").
 */
const whole = <T extends z.ZodType<number, number>>(rule: T) => z.string().trim().transform((s) => (s === '' ? Number.NaN : Number(s))).pipe(rule);

export const ZRfqForm = z.object({
  items: z.array(z.object({
    category: ZRfqItemIn.shape.category,
    description: ZRfqItemIn.shape.description,
    quantity: whole(ZRfqItemIn.shape.quantity),
    unit: ZRfqItemIn.shape.unit,
  })).min(1, 'Please add at least one item.').max(RFQ_LIMITS.itemsPerRequest, `At most ${RFQ_LIMITS.itemsPerRequest} items per request.`),
  pincode: ZRfqBody.shape.pincode,
  neededBy: ZRfqBody.shape.neededBy,
  floors: whole(ZRfqBody.shape.floors),
  notes: ZRfqBody.shape.notes,
  quoteDays: whole(ZRfqBody.shape.quoteDays),
});
export type RfqFormValues = z.input<typeof ZRfqForm>;
type Form = AnyForm<RfqFormValues>;
type ItemValues = RfqFormValues['items'][number];

/** The unit a category is usually bought in, for a new item's first choice. */
const USUAL_UNIT: Record<string, RfqUnit> = { Cement: 'bags', Steel: 'tonnes', Bricks: 'pieces', Sand: 'brass', Aggregates: 'brass', Concrete: 'm3' };
export const newItem = (category = '', description = ''): ItemValues => ({ category, description, quantity: '', unit: USUAL_UNIT[category] ?? 'bags' });

/** A new request: one item (from the page it was opened on), needed from the day after tomorrow for a week, quotes for 3 days. */
export function emptyRequest(items: ItemValues[], pincode: string, now = new Date()): RfqFormValues {
  const from = addDays(todayInIndia(now), 2);
  return { items: items.length > 0 ? items : [newItem()], pincode, neededBy: { from, to: addDays(from, 7) }, floors: '0', notes: '', quoteDays: '3' };
}

function ItemRow({ form, index, onRemove }: { form: Form; index: number; onRemove: (() => void) | null }) {
  const { t, i18n } = useLingui();
  const n = index + 1;
  return (
    <fieldset className="row g-2 align-items-start border-bottom pb-3" aria-label={t`Item ${n}`}>
      <Field form={form} name={`items.${index}.category`} label={<Trans>Material</Trans>} className="col-md-3" as="select">
        <option value="">{t`Choose…`}</option>
        {RFQ_CATEGORIES.map((c) => <option key={c} value={c}>{term(i18n, c)}</option>)}
      </Field>
      <Field form={form} name={`items.${index}.description`} label={<Trans>Grade, brand or “equivalent”</Trans>} className="col-md-4" placeholder={t`OPC 53, UltraTech or equivalent`} />
      <Field form={form} name={`items.${index}.quantity`} label={<Trans>Quantity</Trans>} className="col-6 col-md-2" inputMode="numeric" />
      <Field form={form} name={`items.${index}.unit`} label={<Trans>Unit</Trans>} className="col-6 col-md-2" as="select">
        {RFQ_UNITS.map((u) => <option key={u} value={u}>{rfqUnitLabel(i18n, u)}</option>)}
      </Field>
      {onRemove ? (
        <div className="col-md-1 d-flex align-items-end">
          <button type="button" className="btn btn-outline-danger btn-sm mt-md-4" aria-label={t`Remove item ${n}`} onClick={onRemove}>✕</button>
        </div>
      ) : null}
    </fieldset>
  );
}

/** The request's fields: its items, the site, when it is needed, the floors to carry up, notes, and how long to collect quotes. */
export function RfqFields({ form }: { form: Form }) {
  const { t } = useLingui();
  const items = useFieldArray({ control: form.control, name: 'items' });
  const itemsError = errorOf(form, 'items');
  return (
    <>
      <section className="card card-body d-flex flex-column gap-3" aria-labelledby="rfq-items">
        <h2 id="rfq-items" className="h6 mb-0"><Trans>What you need</Trans></h2>
        {items.fields.map((f, i) => <ItemRow key={f.id} form={form} index={i} onRemove={items.fields.length > 1 ? () => items.remove(i) : null} />)}
        {itemsError ? <div className="invalid-feedback d-block">{itemsError}</div> : null}
        {items.fields.length < RFQ_LIMITS.itemsPerRequest ? (
          <div><button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => items.append(newItem())}><Trans>Add another item</Trans></button></div>
        ) : null}
      </section>
      <section className="card card-body" aria-labelledby="rfq-site">
        <h2 id="rfq-site" className="h6"><Trans>Site and delivery</Trans></h2>
        <div className="row g-3">
          <Field form={form} name="pincode" label={<Trans>Site pincode</Trans>} className="col-md-4" inputMode="numeric" autoComplete="postal-code" />
          <Field form={form} name="neededBy.from" label={<Trans>Needed from</Trans>} className="col-6 col-md-4" type="date" />
          <Field form={form} name="neededBy.to" label={<Trans>Needed by</Trans>} className="col-6 col-md-4" type="date" />
          <Field form={form} name="floors" label={<Trans>Unloading floor (0 for ground)</Trans>} className="col-md-4" inputMode="numeric" />
          <Field form={form} name="quoteDays" label={<Trans>Collect quotes for</Trans>} className="col-md-4" as="select">
            {Array.from({ length: RFQ_LIMITS.quoteDaysMax - RFQ_LIMITS.quoteDaysMin + 1 }, (_, i) => i + RFQ_LIMITS.quoteDaysMin).map((d) => (
              <option key={d} value={String(d)}>{t`${plural(d, { one: '# day', other: '# days' })}`}</option>
            ))}
          </Field>
          <Field form={form} name="notes" label={<Trans>Notes for sellers</Trans>} className="col-12" as="textarea" rows={3} placeholder={t`Site access, truck size, timings…`} />
        </div>
      </section>
    </>
  );
}
