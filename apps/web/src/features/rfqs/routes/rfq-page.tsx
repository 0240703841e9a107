import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RfqQuote } from '@nirmaan/shared/rfqs';
import { RfqFiles } from '../../../components/rfq-files.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { useCancelRfq, useRfq } from '../api/rfqs.ts';
import { AcceptPanel } from '../components/accept-panel.tsx';
import { AddRfqFiles } from '../components/add-rfq-files.tsx';
import { itemsLine, useNow } from '../../../lib/rfqs.ts';
import { QuoteCompare } from '../components/quote-compare.tsx';
import { SplitPicker } from '../components/split-picker.tsx';
import { RfqFacts, stateOf } from '../components/rfq-summary.tsx';

/** /requests/:id: one request and its quotes side by side, cheapest landed total first; Accept one, or withdraw the request. */
export function Component() {
  const { id = '' } = useParams();
  const { userId } = useStoredUser();
  if (!userId) {
    return <div className="container py-5 text-center"><Link to={`/login?next=${encodeURIComponent(`/requests/${id}`)}`} className="btn btn-primary"><Trans>Log in to see your quotes</Trans></Link></div>;
  }
  return <Request id={id} />;
}

function Request({ id }: { id: string }) {
  const rfq = useRfq(id);
  const now = useNow();
  const cancel = useCancelRfq();
  const toast = useToast();
  const [accepting, setAccepting] = useState<RfqQuote | null>(null);
  const [splitting, setSplitting] = useState<Parameters<typeof AcceptPanel>[0]['split']>(undefined);
  const [cancelling, setCancelling] = useState(false);
  const { t, i18n } = useLingui();

  if (rfq.isPending) return <div className="container py-4"><Loading text={t`Loading your request...`} /></div>;
  if (rfq.isError) return <div className="container py-4"><ErrorState>{failureText(rfq.error, t`This request could not be loaded.`)}</ErrorState></div>;
  const r = rfq.data;
  const [label, badge] = stateOf(r, i18n);
  const open = r.state === 'open';
  const notes = r.notes;
  const sellers = r.sellerCount;
  const withdraw = () => cancel.mutate(r._id, {
    onSuccess: () => toast(t`Your request is withdrawn. The sellers who quoted are told.`, 'success'),
    onError: (err) => toast(failureText(err, t`The request could not be withdrawn. Please try again.`), 'danger'),
    onSettled: () => setCancelling(false),
  });

  return (
    <div className="container py-4 d-flex flex-column gap-3">
      <title>{t`Compare quotes | Nirmaan`}</title>
      <div>
        <Link to="/requests" className="small">← <Trans>My requests</Trans></Link>
        <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
          <h1 className="h3 mb-0"><Trans>Compare quotes</Trans></h1>
          <span className={`badge ${badge}`}>{label}</span>
        </div>
        <p className="fw-semibold mb-1 mt-2">{itemsLine(r.items, i18n)}</p>
        <RfqFacts rfq={r} />
        {notes ? <p className="small mb-0"><Trans>Notes: {notes}</Trans></p> : null}
        <RfqFiles files={r.files} label={t`Your files:`} />
        <AddRfqFiles key={r._id} rfq={r} />
        <p className="small mb-0"><Plural value={sellers} one="Sent to # seller near your site." other="Sent to # sellers near your site." /></p>
      </div>
      {r.state === 'accepted' && r.orderId ? (
        <div className="alert alert-success mb-0"><Trans>You accepted a quote: its order is in <Link to="/myorder">My orders</Link>.</Trans></div>
      ) : null}
      {accepting ? <AcceptPanel rfq={r} quote={accepting} onClose={() => setAccepting(null)} /> : null}
      {splitting && !accepting ? <AcceptPanel rfq={r} quote={splitting.quotes[0]!} split={splitting} onClose={() => setSplitting(undefined)} /> : null}
      <QuoteCompare rfq={r} now={now} onAccept={open ? (q) => { setSplitting(undefined); setAccepting(q); } : null} />
      {open ? <SplitPicker rfq={r} quotes={r.quotes} now={now} onAccept={(split) => { setAccepting(null); setSplitting(split); }} /> : null}
      {open ? (
        <div><button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setCancelling(true)}><Trans>Withdraw request</Trans></button></div>
      ) : null}
      {cancelling && (
        <ConfirmDialog title={t`Withdraw this request?`} keepLabel={t`Keep it`} confirmLabel={t`Withdraw`} busyLabel={t`Withdrawing...`} busy={cancel.isPending}
          onKeep={() => setCancelling(false)} onConfirm={withdraw}>
          <p className="mb-0"><Trans>Sellers can no longer quote, and their quotes can no longer be accepted.</Trans></p>
        </ConfirmDialog>
      )}
    </div>
  );
}
