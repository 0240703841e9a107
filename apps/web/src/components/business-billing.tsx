import { useId } from 'react';
import { z } from 'zod';
import { ZBilling } from '@nirmaan/shared/gst';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field, useZodForm, type AnyForm } from './ui/form.tsx';

/**
 * What the buyer typed for a business purchase; `open` while the box is ticked. Only then are the GSTIN and legal
 * name checked, by the server's own rule (decision record 022).
 */
const ZBillingForm = z.object({ open: z.boolean(), gstin: z.string(), legalName: z.string() }).superRefine(({ open, ...billing }, ctx) => {
  if (open) for (const issue of ZBilling.safeParse(billing).error?.issues ?? []) ctx.addIssue({ ...issue });
});
export type BillingForm = z.input<typeof ZBillingForm>;
type Form = AnyForm<BillingForm>;
const NO_BILLING: BillingForm = { open: false, gstin: '', legalName: '' };

/** The business billing box's own small form, beside the checkout's or the booking's. */
export const useBillingForm = () => useZodForm(ZBillingForm, { defaultValues: NO_BILLING });

/** The optional `billing` of an order or booking, as typed: only when the box is ticked (the server checks it again). */
export function billingOf(form: Form) {
  const { open, gstin, legalName } = form.getValues();
  return open ? { billing: { gstin, legalName } } : {};
}

/** Checks the ticked box's fields now: the `billing` to send, or null when refused (the messages are at the fields). */
export async function checkedBilling(form: Form) {
  return (await form.trigger()) ? billingOf(form) : null;
}

/** "Buying for a business? Add GSTIN": the GSTIN and legal name printed on the tax invoice, for input tax credit. */
export function BusinessBilling({ form }: { form: Form }) {
  const id = useId();
  const { t } = useLingui();
  const open = form.watch('open');
  // Ticking or unticking the box starts its fields afresh, messages included.
  const box = form.register('open', { onChange: () => form.clearErrors() });
  return (
    <section className="card card-body" aria-label={t`Business billing`}>
      <div className="form-check">
        <input className="form-check-input" type="checkbox" id={`${id}-open`} {...box} />
        <label className="form-check-label" htmlFor={`${id}-open`}><Trans>Buying for a business? Add GSTIN</Trans></label>
      </div>
      {open ? (
        <div className="row g-3 mt-1">
          <Field form={form} name="gstin" label="GSTIN" className="col-md-6" placeholder={t`e.g. 29AAGCB7383J1Z4`} autoComplete="off" />
          <Field form={form} name="legalName" label={t`Legal name (as registered for GST)`} className="col-md-6"
            placeholder={t`e.g. Bharat Builders Pvt Ltd`} autoComplete="organization" />
          <p className="small text-body-secondary mb-0"><Trans>Your tax invoice will carry this GSTIN, so you can claim input tax credit.</Trans></p>
        </div>
      ) : null}
    </section>
  );
}
