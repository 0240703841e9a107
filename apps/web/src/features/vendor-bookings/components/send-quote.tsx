import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { VendorBooking } from '@nirmaan/shared/booking';
import type { JobEnding, QuoteBody } from '@nirmaan/shared/jobs';
import { formatPaise } from '@nirmaan/shared/money';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useSendQuote, useVendorQuotes } from '../api/quotes.ts';

type Labour = { kind: 'days' | 'lump'; description: string; days: number; rate: number; amount: number };
type Material = { description: string; quantity: number; unit: string; amount: number };
const rupees = (n: number) => Math.round(n * 100);

/**
 * The portal's quote for a site visit started with the code or Completed (decision records 042, 044): labour lines (days × rate, or a lump sum),
 * optional material lines the customer may instead buy on Nirmaan, the number of days and how long it is valid.
 * Shows the quote's latest version and what the customer answered; a new version replaces an open one.
 */
export function SendQuote({ visit }: { visit: VendorBooking }) {
  const { t } = useLingui();
  const quotes = useVendorQuotes();
  const [open, setOpen] = useState(false);
  const latest = quotes.data?.find((q) => q.visitBookingId === visit._id);
  const STATUS = { Sent: latest?.endedJob ? t`Open again` : t`Sent`, RevisionAsked: t`Revision asked`, Accepted: t`Accepted`, Declined: t`Declined`, Superseded: t`Replaced by a newer version` };
  // Started with the customer's code, the visit is proven: the quote may follow at once (decision record 044).
  if (visit.status !== 'Completed' && visit.status !== 'In progress') return <span className="badge text-bg-light"><Trans>Site visit</Trans></span>;
  return (
    <div className="w-100" data-testid="send-quote">
      {latest ? (
        <p className="small mb-1">
          <Trans>Quote version {latest.version}: {STATUS[latest.status]}</Trans>
          {latest.revisionNote && latest.status === 'RevisionAsked' ? <> — “{latest.revisionNote}”</> : null}
        </p>
      ) : null}
      {latest?.endedJob ? <EndedJob by={latest.endedJob.by} open={latest.status === 'Sent' && !latest.expired} /> : null}
      {latest?.status !== 'Accepted' ? (
        open ? <QuoteForm visit={visit} onDone={() => setOpen(false)} />
          : <button type="button" className="btn btn-sm btn-primary" onClick={() => setOpen(true)}>{latest ? <Trans>Send a new version</Trans> : <Trans>Send quote</Trans>}</button>
      ) : null}
    </div>
  );
}

/** The job booked from the quote ended before it was done (decision record 048): how, and that the quote is open again. */
function EndedJob({ by, open }: { by: JobEnding; open: boolean }) {
  const { t } = useLingui();
  const HOW: Record<JobEnding, string> = {
    customer: t`The customer cancelled the job booked from this quote.`,
    professional: t`You declined the job booked from this quote.`,
    lapsed: t`The job booked from this quote was cancelled: your proposed new time was not answered in time.`,
    support: t`Nirmaan support cancelled the job booked from this quote.`,
    unpaid: t`The job booked from this quote was cancelled: the customer did not pay in time.`,
  };
  return (
    <p className="small text-body-secondary mb-1" data-testid="quote-ended-job">
      {HOW[by]}{open ? <> <Trans>The customer may accept it again for new dates while it is valid.</Trans></> : null}
    </p>
  );
}

function QuoteForm({ visit, onDone }: { visit: VendorBooking; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [labour, setLabour] = useState<Labour[]>([{ kind: 'days', description: '', days: 1, rate: 0, amount: 0 }]);
  const [materials, setMaterials] = useState<Material[]>([]);
  const [days, setDays] = useState(1);
  const [validDays, setValidDays] = useState(7);
  const [note, setNote] = useState('');
  const send = useSendQuote();
  const toast = useToast();
  const setL = (i: number, patch: Partial<Labour>) => setLabour((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const setM = (i: number, patch: Partial<Material>) => setMaterials((ms) => ms.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const labourPaise = labour.reduce((s, l) => s + (l.kind === 'days' ? l.days * rupees(l.rate) : rupees(l.amount)), 0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: QuoteBody = {
      labour: labour.map((l) => (l.kind === 'days' ? { kind: 'days', description: l.description, days: l.days, ratePaise: rupees(l.rate) } : { kind: 'lump', description: l.description, amountPaise: rupees(l.amount) })),
      materials: materials.map((m) => ({ description: m.description, quantity: m.quantity, unit: m.unit, amountPaise: rupees(m.amount) })),
      days, validDays, note,
    };
    send.mutate({ visitId: visit._id, body }, {
      onSuccess: () => { toast(t`Quote sent.`, 'success'); onDone(); },
      onError: (err) => toast(failureText(err, t`Could not send the quote. Please try again.`), 'danger'),
    });
  };
  const box = 'form-control form-control-sm';
  return (
    <form className="d-flex flex-column gap-2 mt-2" onSubmit={submit} noValidate aria-label={t`Quote`}>
      <fieldset>
        <legend className="h6"><Trans>Labour</Trans></legend>
        {labour.map((l, i) => (
          <div key={i} className="d-flex flex-wrap gap-2 mb-2 align-items-center">
            <input aria-label={t`Labour description`} className={box} style={{ maxWidth: '16rem' }} value={l.description} onChange={(e) => setL(i, { description: e.target.value })} placeholder={t`e.g. Masonry, 2 masons`} />
            <select aria-label={t`How it is charged`} className="form-select form-select-sm w-auto" value={l.kind} onChange={(e) => setL(i, { kind: e.target.value as Labour['kind'] })}>
              <option value="days">{t`Days × rate`}</option>
              <option value="lump">{t`Lump sum`}</option>
            </select>
            {l.kind === 'days' ? (
              <>
                <input aria-label={t`Days`} type="number" min={1} className={box} style={{ width: '5rem' }} value={l.days} onChange={(e) => setL(i, { days: Number(e.target.value) })} />
                <input aria-label={t`Rate per day (₹)`} type="number" min={1} className={box} style={{ width: '8rem' }} value={l.rate || ''} onChange={(e) => setL(i, { rate: Number(e.target.value) })} />
              </>
            ) : <input aria-label={t`Amount (₹)`} type="number" min={1} className={box} style={{ width: '8rem' }} value={l.amount || ''} onChange={(e) => setL(i, { amount: Number(e.target.value) })} />}
            {labour.length > 1 ? <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setLabour((ls) => ls.filter((_, j) => j !== i))}><Trans>Remove</Trans></button> : null}
          </div>
        ))}
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setLabour((ls) => [...ls, { kind: 'lump', description: '', days: 1, rate: 0, amount: 0 }])}><Trans>Add labour line</Trans></button>
      </fieldset>
      <fieldset>
        <legend className="h6"><Trans>Materials (optional; the customer may buy them on Nirmaan instead)</Trans></legend>
        {materials.map((m, i) => (
          <div key={i} className="d-flex flex-wrap gap-2 mb-2">
            <input aria-label={t`Material`} className={box} style={{ maxWidth: '14rem' }} value={m.description} onChange={(e) => setM(i, { description: e.target.value })} placeholder={t`e.g. OPC 53 cement`} />
            <input aria-label={t`Quantity`} type="number" min={0} className={box} style={{ width: '6rem' }} value={m.quantity || ''} onChange={(e) => setM(i, { quantity: Number(e.target.value) })} />
            <input aria-label={t`Unit`} className={box} style={{ width: '6rem' }} value={m.unit} onChange={(e) => setM(i, { unit: e.target.value })} placeholder={t`bags`} />
            <input aria-label={t`Line amount (₹)`} type="number" min={1} className={box} style={{ width: '8rem' }} value={m.amount || ''} onChange={(e) => setM(i, { amount: Number(e.target.value) })} />
            <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setMaterials((ms) => ms.filter((_, j) => j !== i))}><Trans>Remove</Trans></button>
          </div>
        ))}
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setMaterials((ms) => [...ms, { description: '', quantity: 1, unit: '', amount: 0 }])}><Trans>Add material line</Trans></button>
      </fieldset>
      <div className="d-flex flex-wrap gap-3">
        <div>
          <label htmlFor={`${id}-days`} className="form-label small mb-1"><Trans>Working days for the job</Trans></label>
          <input id={`${id}-days`} type="number" min={1} max={30} className={box} value={days} onChange={(e) => setDays(Number(e.target.value))} />
        </div>
        <div>
          <label htmlFor={`${id}-valid`} className="form-label small mb-1"><Trans>Valid for (days)</Trans></label>
          <input id={`${id}-valid`} type="number" min={1} max={60} className={box} value={validDays} onChange={(e) => setValidDays(Number(e.target.value))} />
        </div>
      </div>
      <label htmlFor={`${id}-note`} className="form-label small mb-0"><Trans>Note for the customer</Trans></label>
      <textarea id={`${id}-note`} className={box} rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      <p className="small mb-0"><Trans>Labour: {formatPaise(labourPaise)}. The site visit fee is taken off what the customer pays.</Trans></p>
      <button type="submit" className="btn btn-sm btn-primary align-self-start" disabled={send.isPending}><Trans>Send quote</Trans></button>
    </form>
  );
}
