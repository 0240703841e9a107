import { useId } from 'react';
import { useFieldArray, type FieldError as HookFieldError } from 'react-hook-form';
import { paiseFromDecimal, paiseToRupees } from '@nirmaan/shared/money';
import { QUANTITY_BREAKS_MAX, type QuantityBreak } from '@nirmaan/shared/quantity-breaks';
import { FieldError, type AnyForm } from '../../../components/ui/form.tsx';
import type { ProductFormValues } from './product-form.tsx';
import { Trans, useLingui } from '@lingui/react/macro';

/** One row of the form: what the seller typed, the price in rupees. */
export interface QuantityBreakRow { minQuantity: string; price: string }

/** The stored quantity prices as the form's rows (prices back in rupees). */
export const rowsOf = (breaks: QuantityBreak[]): QuantityBreakRow[] =>
  breaks.map((b) => ({ minQuantity: String(b.minQuantity), price: String(paiseToRupees(b.pricePaise)) }));

/**
 * The rows as the API's `QuantityBreaks`: blank rows left out, prices in paise. What cannot be read as a number stays
 * NaN, so the server's own schema refuses it with its message.
 */
export function breaksOf(rows: QuantityBreakRow[]) {
  const paise = (text: string) => {
    try {
      return paiseFromDecimal(text.trim());
    } catch {
      return Number.NaN;
    }
  };
  return rows.filter((r) => r.minQuantity.trim() !== '' || r.price.trim() !== '')
    .map((r) => ({ minQuantity: r.minQuantity.trim() === '' ? Number.NaN : Number(r.minQuantity), pricePaise: paise(r.price) }));
}

/** The first message anywhere under the field (the list's own, or a row's). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as HookFieldError).message;
  if (typeof own === 'string' && own !== '') return own;
  for (const value of Object.values(error)) {
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * The seller's quantity prices (docs/decisions/035): "from this many on, this price each", up to
 * QUANTITY_BREAKS_MAX rows, each below the price and the row before it (the server's schema says so when not).
 */
export function QuantityBreaksField({ form }: { form: AnyForm<ProductFormValues> }) {
  const id = useId();
  const rows = useFieldArray({ control: form.control, name: 'QuantityBreaks' });
  const error = firstMessage(form.formState.errors.QuantityBreaks);
  const changed = () => form.clearErrors('QuantityBreaks');
  const { t } = useLingui();
  return (
    <fieldset className="col-12" aria-describedby={error ? `${id}-error` : `${id}-help`}>
      <legend className="form-label fs-6"><Trans>Quantity prices (optional)</Trans></legend>
      <p id={`${id}-help`} className="form-text mt-0">
        <Trans>A lower price per unit from a quantity on, like 100 bags or more at ₹365 each; GST included, like the price.</Trans>
      </p>
      {rows.fields.map((row, i) => (
        <div key={row.id} className="row g-2 align-items-end mb-2">
          <div className="col-5 col-md-3">
            <label htmlFor={`${id}-${i}-q`} className="form-label small">{t`From quantity (row ${i + 1})`}</label>
            <input id={`${id}-${i}-q`} className="form-control" inputMode="numeric" {...form.register(`QuantityBreaks.${i}.minQuantity`, { onChange: changed })} />
          </div>
          <div className="col-5 col-md-3">
            <label htmlFor={`${id}-${i}-p`} className="form-label small">{t`Price each (₹, row ${i + 1})`}</label>
            <input id={`${id}-${i}-p`} className="form-control" inputMode="decimal" {...form.register(`QuantityBreaks.${i}.price`, { onChange: changed })} />
          </div>
          <div className="col-2 col-md-3">
            <button type="button" className="btn btn-link text-danger" onClick={() => { rows.remove(i); changed(); }}>{t`Remove row ${i + 1}`}</button>
          </div>
        </div>
      ))}
      {rows.fields.length < QUANTITY_BREAKS_MAX && (
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => rows.append({ minQuantity: '', price: '' })}>
          <Trans>Add a quantity price</Trans>
        </button>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
