import { useId } from 'react';

/** What the buyer typed for a business purchase; `open` while the box is ticked. */
export interface BillingForm { open: boolean; gstin: string; legalName: string }
export const NO_BILLING: BillingForm = { open: false, gstin: '', legalName: '' };
export type BillingErrors = Partial<Record<'gstin' | 'legalName', string>>;

/** The optional `billing` of an order or booking: only when the box is ticked (decision record 022). */
export const billingOf = (form: BillingForm) => (form.open ? { billing: { gstin: form.gstin, legalName: form.legalName } } : {});

/** Server or schema issues at `billing.gstin` / `billing.legalName`, by field. */
export function billingErrorsOf(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): BillingErrors {
  const found: BillingErrors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : issue.path.map(String);
    const at = path.indexOf('billing');
    const field = at >= 0 ? path[at + 1] : undefined;
    if ((field === 'gstin' || field === 'legalName') && !found[field]) found[field] = issue.message;
  }
  return found;
}

/** "Buying for a business? Add GSTIN": the GSTIN and legal name printed on the tax invoice, for input tax credit. */
export function BusinessBilling({ value, errors, onChange }: { value: BillingForm; errors: BillingErrors; onChange: (next: BillingForm) => void }) {
  const id = useId();
  const field = (name: 'gstin' | 'legalName', label: string, hint: string) => (
    <div className="col-md-6">
      <label htmlFor={`${id}-${name}`} className="form-label">{label}</label>
      <input
        id={`${id}-${name}`} className={`form-control${errors[name] ? ' is-invalid' : ''}`} value={value[name]} placeholder={hint}
        autoComplete={name === 'legalName' ? 'organization' : 'off'} onChange={(e) => onChange({ ...value, [name]: e.target.value })}
        aria-invalid={Boolean(errors[name])} aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] ? <div id={`${id}-${name}-error`} className="invalid-feedback">{errors[name]}</div> : null}
    </div>
  );
  return (
    <section className="card card-body" aria-label="Business billing">
      <div className="form-check">
        <input className="form-check-input" type="checkbox" id={`${id}-open`} checked={value.open} onChange={(e) => onChange({ ...value, open: e.target.checked })} />
        <label className="form-check-label" htmlFor={`${id}-open`}>Buying for a business? Add GSTIN</label>
      </div>
      {value.open ? (
        <div className="row g-3 mt-1">
          {field('gstin', 'GSTIN', 'e.g. 29AAGCB7383J1Z4')}
          {field('legalName', 'Legal name (as registered for GST)', 'e.g. Bharat Builders Pvt Ltd')}
          <p className="small text-body-secondary mb-0">Your tax invoice will carry this GSTIN, so you can claim input tax credit.</p>
        </div>
      ) : null}
    </section>
  );
}
