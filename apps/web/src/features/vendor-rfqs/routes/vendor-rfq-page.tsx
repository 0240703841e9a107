import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '@nirmaan/shared/dates';
import { formatPaise } from '@nirmaan/shared/money';
import type { VendorRfq } from '@nirmaan/shared/rfqs';
import { RfqFiles } from '../../../components/rfq-files.tsx';
import { showServerErrors, useZodForm } from '../../../components/ui/form.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { formatDeliveryDate } from '../../../lib/delivery.ts';
import { rfqUnitLabel, useNow, validityText } from '../../../lib/rfqs.ts';
import { term } from '../../../lib/terms.ts';
import { useDeclineRfq, useSubmitQuote, useVendorRfq } from '../api/vendor-rfqs.ts';
import { CounterAnswer } from '../components/counter-answer.tsx';
import { QuoteFields, quoteBody, quoteDefaults, quoteFormSchema } from '../components/quote-form.tsx';
import { sellerStateOf } from './vendor-rfqs-page.tsx';

/** /vendor/requests/:id: the request (the buyer's contact only once this seller's quote is accepted), its quotes, the quote form and Decline. */
export function Component() {
  const { id = '' } = useParams();
  const rfq = useVendorRfq(id);
  const { t } = useLingui();
  if (rfq.isPending) return <section className="container"><Loading text={t`Loading the request...`} /></section>;
  if (rfq.isError) return <section className="container"><ErrorState>{failureText(rfq.error, t`Could not load this request.`)}</ErrorState></section>;
  return <Request rfq={rfq.data} />;
}

function Request({ rfq }: { rfq: VendorRfq }) {
  const { t, i18n } = useLingui();
  const [label, badge] = sellerStateOf(rfq, i18n);
  const canQuote = rfq.collecting && !rfq.declined;
  const now = useNow();
  const site = `${rfq.pincode}${rfq.district ? ` (${rfq.district})` : ''}`;
  const km = rfq.distanceKm;
  const from = formatDeliveryDate(rfq.neededBy.from);
  const to = formatDeliveryDate(rfq.neededBy.to);
  const floor = rfq.floors;
  const until = formatDate(rfq.closesAt);
  const notes = rfq.notes;
  const buyer = rfq.buyer;
  const STATUS = { live: t`live`, superseded: t`superseded`, accepted: t`accepted`, closed: t`closed` } as const;
  return (
    <section className="container d-flex flex-column gap-3">
      <div>
        <Link to="/vendor/requests" className="small">← <Trans>Requests</Trans></Link>
        <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
          <h1 className="h3 mb-0"><Trans>Request for quotes</Trans></h1>
          <span className={`badge ${badge}`}>{label}</span>
        </div>
      </div>
      <div className="card card-body">
        <ul className="mb-2">
          {rfq.items.map((i) => <li key={i._id}><strong>{i.quantity} {rfqUnitLabel(i18n, i.unit)}</strong> {i.description} ({term(i18n, i.category)})</li>)}
        </ul>
        <p className="small mb-0">
          <Trans>Site {site}, {km} km from you · needed {from} – {to}</Trans>
          {' · '}{floor === 0 ? <Trans>ground floor</Trans> : <Trans>unload to floor {floor}</Trans>}{rfq.collecting ? <> · <Trans>quotes until {until}</Trans></> : null}
        </p>
        {notes ? <p className="small mb-0"><Trans>Notes: {notes}</Trans></p> : null}
        <RfqFiles files={rfq.files} label={t`The buyer's files:`} />
        {buyer ? <p className="small mb-0 fw-semibold"><Trans>Buyer: {buyer.name} · {buyer.phone ?? t`no phone`} · {buyer.email}. The order is under <Link to="/vendor/orders">Orders</Link>.</Trans></p> : null}
      </div>
      {rfq.myQuotes.length > 0 ? (
        <div className="card card-body">
          <h2 className="h6"><Trans>Your quotes</Trans></h2>
          <ul className="list-unstyled small mb-0" aria-label={t`Your quotes`}>
            {rfq.myQuotes.map((q) => {
              const version = q.version;
              const landed = formatPaise(q.landedTotalPaise);
              const status = STATUS[q.status];
              return (
                <li key={q._id}>
                  <Trans>Version {version}: {landed} landed · {status}</Trans>
                  {q.status === 'live' ? ` · ${validityText(q.validUntil, now, i18n)}` : ''}
                </li>
              );
            })}
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
  const { t } = useLingui();
  const revising = rfq.myQuotes.some((q) => q.status === 'live');
  const submit = form.handleSubmit((v) => submitQuote.mutate({ id: rfq._id, body: quoteBody(v) }, {
    onSuccess: (saved) => {
      const landed = formatPaise(saved.myQuotes[0]?.landedTotalPaise ?? 0);
      toast(t`Quote sent: ${landed} landed. The buyer is told.`, 'success');
    },
    onError: (err) => {
      showServerErrors(form, err, { freightPaise: 'freight', unloadingPaise: 'unloading', partLoadPaise: 'partLoad' });
      toast(failureText(err, t`Your quote could not be sent. Please try again.`), 'danger');
    },
  }));
  return (
    <form className="card card-body" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="quote-form-h">
      <h2 id="quote-form-h" className="h5">{revising ? <Trans>Revise your quote</Trans> : <Trans>Your quote</Trans>}</h2>
      <QuoteFields form={form} rfq={rfq} />
      <div className="mt-3">
        <button type="submit" className="btn btn-primary" disabled={submitQuote.isPending}>
          {submitQuote.isPending ? <Trans>Sending...</Trans> : revising ? <Trans>Send revised quote</Trans> : <Trans>Send quote</Trans>}
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
  const { t } = useLingui();
  if (!open) return <div><button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setOpen(true)}><Trans>Decline this request</Trans></button></div>;
  return (
    <div className="card card-body border-danger">
      <label htmlFor="decline-reason" className="form-label"><Trans>Why are you declining? (optional, the buyer does not see it)</Trans></label>
      <input id="decline-reason" className="form-control" maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
      <div className="d-flex gap-2 mt-2">
        <button type="button" className="btn btn-danger btn-sm" disabled={decline.isPending} onClick={() => decline.mutate({ id: rfq._id, reason }, {
          onSuccess: () => toast(t`You declined this request.`, 'success'),
          onError: (err) => toast(failureText(err, t`Could not decline. Please try again.`), 'danger'),
        })}>{decline.isPending ? <Trans>Declining...</Trans> : <Trans>Decline</Trans>}</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setOpen(false)}><Trans>Keep it</Trans></button>
      </div>
    </div>
  );
}
