import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate } from '@nirmaan/shared/dates';
import { formatPaise } from '@nirmaan/shared/money';
import { RFQ_UNIT_LABELS, type VendorRfq } from '@nirmaan/shared/rfqs';
import { showServerErrors, useZodForm } from '../../../components/ui/form.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { formatDeliveryDate } from '../../../lib/delivery.ts';
import { useNow, validityText } from '../../../lib/rfqs.ts';
import { useDeclineRfq, useSubmitQuote, useVendorRfq } from '../api/vendor-rfqs.ts';
import { CounterAnswer } from '../components/counter-answer.tsx';
import { QuoteFields, quoteBody, quoteDefaults, quoteFormSchema } from '../components/quote-form.tsx';
import { sellerStateOf } from './vendor-rfqs-page.tsx';

/** /vendor/requests/:id: the request (the buyer's contact only once this seller's quote is accepted), its quotes, the quote form and Decline. */
export function Component() {
  const { id = '' } = useParams();
  const rfq = useVendorRfq(id);
  if (rfq.isPending) return <section className="container"><Loading text="Loading the request..." /></section>;
  if (rfq.isError) return <section className="container"><ErrorState>{failureText(rfq.error, 'Could not load this request.')}</ErrorState></section>;
  return <Request rfq={rfq.data} />;
}

function Request({ rfq }: { rfq: VendorRfq }) {
  const [label, badge] = sellerStateOf(rfq);
  const canQuote = rfq.collecting && !rfq.declined;
  const now = useNow();
  return (
    <section className="container d-flex flex-column gap-3">
      <div>
        <Link to="/vendor/requests" className="small">← Requests</Link>
        <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
          <h1 className="h3 mb-0">Request for quotes</h1>
          <span className={`badge ${badge}`}>{label}</span>
        </div>
      </div>
      <div className="card card-body">
        <ul className="mb-2">
          {rfq.items.map((i) => <li key={i._id}><strong>{i.quantity} {RFQ_UNIT_LABELS[i.unit]}</strong> {i.description} ({i.category})</li>)}
        </ul>
        <p className="small mb-0">
          Site {rfq.pincode}{rfq.district ? ` (${rfq.district})` : ''}, {rfq.distanceKm} km from you · needed {formatDeliveryDate(rfq.neededBy.from)} – {formatDeliveryDate(rfq.neededBy.to)}
          {' · '}{rfq.floors === 0 ? 'ground floor' : `unload to floor ${rfq.floors}`}{rfq.collecting ? ` · quotes until ${formatDate(rfq.closesAt)}` : ''}
        </p>
        {rfq.notes ? <p className="small mb-0">Notes: {rfq.notes}</p> : null}
        {rfq.buyer ? <p className="small mb-0 fw-semibold">Buyer: {rfq.buyer.name} · {rfq.buyer.phone ?? 'no phone'} · {rfq.buyer.email}. The order is under <Link to="/vendor/orders">Orders</Link>.</p> : null}
      </div>
      {rfq.myQuotes.length > 0 ? (
        <div className="card card-body">
          <h2 className="h6">Your quotes</h2>
          <ul className="list-unstyled small mb-0" aria-label="Your quotes">
            {rfq.myQuotes.map((q) => (
              <li key={q._id}>
                Version {q.version}: {formatPaise(q.landedTotalPaise)} landed · {q.status}
                {q.status === 'live' ? ` · ${validityText(q.validUntil, now)}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <CounterAnswer rfq={rfq} />
      {canQuote ? <QuoteForm key={rfq.myQuotes.find((q) => q.status === 'live')?._id ?? 'new'} rfq={rfq} /> : null}
      {canQuote ? <Decline rfq={rfq} /> : null}
    </section>
  );
}

function QuoteForm({ rfq }: { rfq: VendorRfq }) {
  const proposed = rfq.proposal?.served ? rfq.proposal.freightPaise : null;
  const schema = useMemo(() => quoteFormSchema(proposed), [proposed]);
  const form = useZodForm(schema, { defaultValues: quoteDefaults(rfq) });
  const submitQuote = useSubmitQuote();
  const toast = useToast();
  const revising = rfq.myQuotes.some((q) => q.status === 'live');
  const submit = form.handleSubmit((v) => submitQuote.mutate({ id: rfq._id, body: quoteBody(v) }, {
    onSuccess: (saved) => toast(`Quote sent: ${formatPaise(saved.myQuotes[0]?.landedTotalPaise ?? 0)} landed. The buyer is told.`, 'success'),
    onError: (err) => {
      showServerErrors(form, err, { freightPaise: 'freight', unloadingPaise: 'unloading', partLoadPaise: 'partLoad' });
      toast(failureText(err, 'Your quote could not be sent. Please try again.'), 'danger');
    },
  }));
  return (
    <form className="card card-body" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="quote-form-h">
      <h2 id="quote-form-h" className="h5">{revising ? 'Revise your quote' : 'Your quote'}</h2>
      <QuoteFields form={form} rfq={rfq} />
      <div className="mt-3">
        <button type="submit" className="btn btn-primary" disabled={submitQuote.isPending}>
          {submitQuote.isPending ? 'Sending...' : revising ? 'Send revised quote' : 'Send quote'}
        </button>
      </div>
    </form>
  );
}

function Decline({ rfq }: { rfq: VendorRfq }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const decline = useDeclineRfq();
  const toast = useToast();
  if (!open) return <div><button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setOpen(true)}>Decline this request</button></div>;
  return (
    <div className="card card-body border-danger">
      <label htmlFor="decline-reason" className="form-label">Why are you declining? (optional, the buyer does not see it)</label>
      <input id="decline-reason" className="form-control" maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
      <div className="d-flex gap-2 mt-2">
        <button type="button" className="btn btn-danger btn-sm" disabled={decline.isPending} onClick={() => decline.mutate({ id: rfq._id, reason }, {
          onSuccess: () => toast('You declined this request.', 'success'),
          onError: (err) => toast(failureText(err, 'Could not decline. Please try again.'), 'danger'),
        })}>{decline.isPending ? 'Declining...' : 'Decline'}</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setOpen(false)}>Keep it</button>
      </div>
    </div>
  );
}
