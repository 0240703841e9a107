import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPaise, paiseFromDecimal } from '@nirmaan/shared/money';
import type { CounterAnswerBody, VendorRfq } from '@nirmaan/shared/rfqs';
import { openStep, RfqThread } from '../../../components/rfq-thread.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useAnswerCounter } from '../api/vendor-rfqs.ts';

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The seller's side of a counter-offer (issue 35): the thread with the buyer and, while the buyer's latest
 * counter-offer on the live quote waits, the three answers: accept (the server makes a new version at the buyer's
 * figure), counter with the seller's own landed total, or decline (the quote stands). The buyer is mailed each.
 */
export function CounterAnswer({ rfq }: { rfq: VendorRfq }) {
  const { t } = useLingui();
  const id = useId();
  const toast = useToast();
  const answer = useAnswerCounter();
  const [countering, setCountering] = useState(false);
  const [total, setTotal] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const live = rfq.myQuotes.find((q) => q.status === 'live');
  const step = openStep(rfq.messages);
  const pending = step && step.author === 'buyer' && live && step.quoteId === live._id && rfq.state === 'open' ? step : null;
  if (rfq.messages.length === 0) return null;

  const send = (body: CounterAnswerBody, done: string) => answer.mutate({ id: rfq._id, body }, {
    onSuccess: () => {
      toast(done, 'success');
      setCountering(false);
      setTotal('');
      setMessage('');
      setError(null);
    },
    onError: (err) => setError(failureText(err, t`Your answer could not be sent. Please try again.`)),
  });
  const counter = () => {
    const typed = total.trim();
    if (!AMOUNT.test(typed) || paiseFromDecimal(typed) <= 0) {
      setError(t`Please enter an amount in rupees, like 1250 or 1250.50.`);
      return;
    }
    send({ answer: 'counter', totalPaise: paiseFromDecimal(typed), message }, t`Your total is sent to the buyer.`);
  };
  const item = pending?.itemId ? rfq.items.find((i) => i._id === pending.itemId)?.description ?? '' : '';
  const yours = live ? formatPaise(live.landedTotalPaise) : '';
  const figure = pending?.proposedTotalPaise != null ? formatPaise(pending.proposedTotalPaise) : pending?.proposedUnitPaise != null ? formatPaise(pending.proposedUnitPaise) : '';

  return (
    <section className={`card card-body d-flex flex-column gap-2${pending ? ' border-warning' : ''}`} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="h6 mb-0"><Trans>Counter-offers</Trans></h2>
      <RfqThread messages={rfq.messages} items={rfq.items} reader="seller" />
      {pending && live ? (
        <div className="d-flex flex-column gap-2" role="group" aria-label={t`The buyer's counter-offer`}>
          <p className="mb-0 fw-semibold">
            {pending.proposedTotalPaise !== null
              ? <Trans>The buyer asks for {figure} landed; your quote is {yours}.</Trans>
              : <Trans>The buyer asks for {figure} a unit for {item}.</Trans>}
          </p>
          <div>
            <label className="form-label small mb-1" htmlFor={`${id}-message`}><Trans>Message to the buyer (optional)</Trans></label>
            <input id={`${id}-message`} className="form-control form-control-sm" maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} />
          </div>
          {countering ? (
            <div>
              <label className="form-label small mb-1" htmlFor={`${id}-total`}><Trans>Your landed total (₹)</Trans></label>
              <input id={`${id}-total`} className={`form-control form-control-sm${error ? ' is-invalid' : ''}`} inputMode="decimal" value={total}
                aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => setTotal(e.target.value)} />
            </div>
          ) : null}
          {error ? <div id={`${id}-error`} className="text-danger small" role="alert">{error}</div> : null}
          <AnswerButtons countering={countering} busy={answer.isPending} onCounter={counter} onCountering={(on) => { setCountering(on); setError(null); }}
            onAccept={() => send({ answer: 'accept', message }, t`You accepted: a new version of your quote is sent to the buyer.`)}
            onDecline={() => send({ answer: 'decline', message }, t`You declined the counter-offer. Your quote stands.`)} />
        </div>
      ) : null}
    </section>
  );
}

function AnswerButtons({ countering, busy, onCounter, onCountering, onAccept, onDecline }: {
  countering: boolean; busy: boolean; onCounter: () => void; onCountering: (on: boolean) => void; onAccept: () => void; onDecline: () => void;
}) {
  return (
    <div className="d-flex flex-wrap gap-2">
      {countering ? (
        <>
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={onCounter}><Trans>Send my total</Trans></button>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onCountering(false)}><Trans>Cancel</Trans></button>
        </>
      ) : (
        <>
          <button type="button" className="btn btn-success btn-sm" disabled={busy} onClick={onAccept}><Trans>Accept the buyer's price</Trans></button>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => onCountering(true)}><Trans>Counter with my total</Trans></button>
          <button type="button" className="btn btn-outline-danger btn-sm" disabled={busy} onClick={onDecline}><Trans>Decline the counter-offer</Trans></button>
        </>
      )}
    </div>
  );
}
