import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { z } from 'zod';
import { can, type OperatorMe } from '@nirmaan/shared/ops';
import { setCommission, useCommission } from '../api/ops-support.ts';
import { useZodForm } from '../../../components/ui/form.tsx';
import { useRowAction, type Notice } from '../components/support-parts.tsx';
import { TransfersSection } from '../components/transfers.tsx';

const SCOPES = ['default', 'category', 'vendor'] as const;
const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;
/** "7.5" → 750 basis points; null when not a percentage 0–100 with at most two decimals. */
const toBps = (text: string) => (/^\d{1,3}(\.\d{1,2})?$/.test(text.trim()) && Number(text) <= 100 ? Math.round(Number(text) * 100) : null);

/** The rate as typed in percent, handed on in basis points; a rate that is not one is refused before anything is sent. */
const rateForm = z.object({
  scope: z.enum(SCOPES),
  value: z.string(),
  rate: z.string().transform((text, ctx) => {
    const bps = toBps(text);
    if (bps === null) ctx.addIssue({ code: 'custom', message: 'Please enter a rate between 0 and 100, e.g. 7.5.' });
    return bps ?? z.NEVER;
  }),
  reason: z.string(),
});

function RateForm() {
  const form = useZodForm(rateForm, { defaultValues: { scope: 'default', value: 'materials', rate: '', reason: '' } });
  const scope = form.watch('scope');
  const [notice, setNotice] = useState<Notice | null>(null);
  const act = useRowAction(['ops', 'commission'], setNotice);
  const save = form.handleSubmit(
    ({ scope, value, rate, reason }) => act(() => setCommission({ scope, value, rateBps: rate, ...(reason ? { reason } : {}) }), () => `The rate is now ${percent(rate)} for new sales.`),
    (errors) => setNotice({ ok: false, text: errors.rate?.message ?? '' }),
  );
  // Another scope names another thing: the default's kind, or a category or vendor typed afresh.
  const scopeField = form.register('scope', { onChange: (e: { target: { value: string } }) => form.setValue('value', e.target.value === 'default' ? 'materials' : '') });
  return (
    <form className="d-flex flex-wrap gap-2 align-items-end mb-3" aria-label="Set a commission rate" onSubmit={(e) => void save(e)}>
      <select className="form-select form-select-sm w-auto" aria-label="Scope" {...scopeField}>
        <option value="default">Default</option><option value="category">Category</option><option value="vendor">Vendor</option>
      </select>
      {scope === 'default'
        ? <select key="kind" className="form-select form-select-sm w-auto" aria-label="Kind" {...form.register('value')}><option value="materials">materials</option><option value="services">services</option></select>
        : <input key="named" className="form-control form-control-sm" style={{ maxWidth: 220 }} aria-label={scope === 'category' ? 'Category' : 'Vendor email'} placeholder={scope === 'category' ? 'Category' : 'Vendor email'} {...form.register('value')} />}
      <input className="form-control form-control-sm" style={{ maxWidth: 100 }} aria-label="Rate in percent" placeholder="Rate %" {...form.register('rate')} />
      <input className="form-control form-control-sm" style={{ maxWidth: 260 }} aria-label="Reason" placeholder="Reason (optional)" {...form.register('reason')} />
      <button type="submit" className="btn btn-primary btn-sm">Save rate</button>
      {notice && <div className={`alert alert-${notice.ok ? 'success' : 'danger'} py-1 mb-0 small w-100`} role={notice.ok ? 'status' : 'alert'}>{notice.text}</div>}
    </form>
  );
}

/**
 * /ops/money: the vendor transfers (finance and admins release, extend or retry them) and the commission rates (the
 * most specific applies; recorded sales never change; admins edit them).
 */
export function Component() {
  const op = useOutletContext<OperatorMe>();
  const rates = useCommission();
  return (
    <>
      <h1 className="h3 mb-3">Money</h1>
      <TransfersSection canAct={can(op.role, 'manageTransfers')} />
      <h2 className="h5">Commission rates</h2>
      {can(op.role, 'manageCommission') && <RateForm />}
      {rates.isError && <div className="alert alert-danger" role="alert">{rates.error.message}</div>}
      <table className="table table-sm w-auto">
        <thead><tr><th>Applies to</th><th>Rate</th><th>Changed</th></tr></thead>
        <tbody>
          {rates.data?.rates.map((r) => (
            <tr key={r.scopeKey}><td>{r.label}</td><td>{percent(r.rateBps)}</td><td>{r.updatedAt ? new Date(r.updatedAt).toLocaleDateString('en-IN') : ''}</td></tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
