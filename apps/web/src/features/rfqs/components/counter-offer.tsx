import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPaise, paiseFromDecimal } from '@nirmaan/shared/money';
import type { CounterBody, Rfq, RfqQuote } from '@nirmaan/shared/rfqs';
import { openStep, RfqThread } from '../../../components/rfq-thread.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useCounterOffer } from '../api/rfqs.ts';

/** Rupees as typed (at most two decimals), read as paise exactly; null when it is not an amount. */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
export const amountPaise = (typed: string): number | null => (AMOUNT.test(typed.trim()) ? paiseFromDecimal(typed.trim()) : null);

/**
 * The buyer's side of negotiating one quote (issue 35): the thread with its seller, and a counter-offer, a landed
 * total or one item's unit price, sent to the seller (who is mailed). When the seller answered with its own total,
 * the buyer can agree to it: that is a counter-offer at the seller's figure, which the seller then turns into a new
 * version.
 */
export function Negotiation({ rfq, quote, canCounter }: { rfq: Rfq; quote: RfqQuote; canCounter: boolean }) {
  const { t } = useLingui();
  const toast = useToast();
  const send = useCounterOffer();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const messages = rfq.messages.filter((m) => m.vendorId === quote.vendor._id);
  const step = openStep(messages);
  const waiting = step?.author === 'buyer' && step.quoteId === quote._id;
  const sellerFigure = step?.author === 'seller' && step.quoteId === quote._id ? step.proposedTotalPaise : null;
  const seller = quote.vendor.businessName;
  const agreed = sellerFigure === null ? '' : formatPaise(sellerFigure);

  const post = (body: CounterBody) => send.mutate({ rfqId: rfq._id, body }, {
    onSuccess: () => {
      toast(t`Your counter-offer is sent to ${seller}.`, 'success');
      setOpen(false);
    },
    onError: (err) => setError(failureText(err, t`Your counter-offer could not be sent. Please try again.`)),
  });
  return (
    <div className="d-flex flex-column gap-2">
      <RfqThread messages={messages} items={rfq.items} reader="buyer" seller={seller} />
      {canCounter && waiting ? <p className="small text-body-secondary mb-0" role="status"><Trans>Waiting for {seller} to answer your counter-offer.</Trans></p> : null}
      {canCounter && sellerFigure !== null ? (
        <button type="button" className="btn btn-outline-success btn-sm" disabled={send.isPending}
          onClick={() => post({ quoteId: quote._id, totalPaise: sellerFigure, message: '' })}>
          <Trans>Agree to {agreed}</Trans>
        </button>
      ) : null}
      {canCounter && !waiting && !open ? (
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setOpen(true)}><Trans>Make a counter-offer</Trans></button>
      ) : null}
      {canCounter && !waiting && open ? (
        <CounterForm rfq={rfq} quote={quote} busy={send.isPending} error={error} onError={setError} onCancel={() => { setOpen(false); setError(null); }} onSend={post} />
      ) : null}
    </div>
  );
}

/** The counter-offer's form: a landed total, or one item's unit price, and a message; the amount read as paise exactly. */
function CounterForm({ rfq, quote, busy, error, onError, onCancel, onSend }: {
  rfq: Rfq; quote: RfqQuote; busy: boolean; error: string | null; onError: (text: string | null) => void; onCancel: () => void; onSend: (body: CounterBody) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [kind, setKind] = useState<'total' | 'unit'>('total');
  const [itemId, setItemId] = useState(quote.items[0]?.itemId ?? '');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const seller = quote.vendor.businessName;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const paise = amountPaise(amount);
    if (paise === null || paise <= 0) {
      onError(t`Please enter an amount in rupees, like 1250 or 1250.50.`);
      return;
    }
    onError(null);
    onSend(kind === 'total' ? { quoteId: quote._id, totalPaise: paise, message } : { quoteId: quote._id, itemId, unitPricePaise: paise, message });
  };
  return (
        <form className="border rounded p-2 d-flex flex-column gap-2" onSubmit={submit} noValidate aria-label={t`Counter-offer to ${seller}`}>
          <fieldset>
            <legend className="form-label small mb-1"><Trans>Propose</Trans></legend>
            <div className="form-check form-check-inline">
              <input className="form-check-input" type="radio" id={`${id}-total`} checked={kind === 'total'} onChange={() => setKind('total')} />
              <label className="form-check-label small" htmlFor={`${id}-total`}><Trans>A landed total</Trans></label>
            </div>
            <div className="form-check form-check-inline">
              <input className="form-check-input" type="radio" id={`${id}-unit`} checked={kind === 'unit'} onChange={() => setKind('unit')} />
              <label className="form-check-label small" htmlFor={`${id}-unit`}><Trans>A unit price for one item</Trans></label>
            </div>
          </fieldset>
          {kind === 'unit' ? (
            <div>
              <label className="form-label small mb-1" htmlFor={`${id}-item`}><Trans>Item</Trans></label>
              <select id={`${id}-item`} className="form-select form-select-sm" value={itemId} onChange={(e) => setItemId(e.target.value)}>
                {quote.items.map((line) => (
                  <option key={line.itemId} value={line.itemId}>
                    {rfq.items.find((i) => i._id === line.itemId)?.description ?? line.productName} ({formatPaise(line.unitPricePaise)})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div>
            <label className="form-label small mb-1" htmlFor={`${id}-amount`}>
              {kind === 'total' ? <Trans>Your landed total (₹)</Trans> : <Trans>Your unit price (₹, GST included)</Trans>}
            </label>
            <input id={`${id}-amount`} className={`form-control form-control-sm${error ? ' is-invalid' : ''}`} inputMode="decimal" value={amount}
              aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => setAmount(e.target.value)} />
            {error ? <div id={`${id}-error`} className="invalid-feedback d-block">{error}</div> : null}
          </div>
          <div>
            <label className="form-label small mb-1" htmlFor={`${id}-message`}><Trans>Message to the seller (optional)</Trans></label>
            <input id={`${id}-message`} className="form-control form-control-sm" maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
          </div>
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {busy ? <Trans>Sending...</Trans> : <Trans>Send counter-offer</Trans>}
            </button>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel}><Trans>Cancel</Trans></button>
          </div>
        </form>
  );
}
