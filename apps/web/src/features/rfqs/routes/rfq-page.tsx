import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { RfqQuote } from '@nirmaan/shared/rfqs';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { useCancelRfq, useRfq } from '../api/rfqs.ts';
import { AcceptPanel } from '../components/accept-panel.tsx';
import { itemsLine, useNow } from '../../../lib/rfqs.ts';
import { QuoteCompare } from '../components/quote-compare.tsx';
import { RfqFacts, stateOf } from '../components/rfq-summary.tsx';

/** /requests/:id: one request and its quotes side by side, cheapest landed total first; Accept one, or withdraw the request. */
export function Component() {
  const { id = '' } = useParams();
  const { userId } = useStoredUser();
  if (!userId) {
    return <div className="container py-5 text-center"><Link to={`/login?next=${encodeURIComponent(`/requests/${id}`)}`} className="btn btn-primary">Log in to see your quotes</Link></div>;
  }
  return <Request id={id} />;
}

function Request({ id }: { id: string }) {
  const rfq = useRfq(id);
  const now = useNow();
  const cancel = useCancelRfq();
  const toast = useToast();
  const [accepting, setAccepting] = useState<RfqQuote | null>(null);
  const [cancelling, setCancelling] = useState(false);

  if (rfq.isPending) return <div className="container py-4"><Loading text="Loading your request..." /></div>;
  if (rfq.isError) return <div className="container py-4"><ErrorState>{failureText(rfq.error, 'This request could not be loaded.')}</ErrorState></div>;
  const r = rfq.data;
  const [label, badge] = stateOf(r);
  const open = r.state === 'open';
  const withdraw = () => cancel.mutate(r._id, {
    onSuccess: () => toast('Your request is withdrawn. The sellers who quoted are told.', 'success'),
    onError: (err) => toast(failureText(err, 'The request could not be withdrawn. Please try again.'), 'danger'),
    onSettled: () => setCancelling(false),
  });

  return (
    <div className="container py-4 d-flex flex-column gap-3">
      <title>Compare quotes | Nirmaan</title>
      <div>
        <Link to="/requests" className="small">← My requests</Link>
        <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
          <h1 className="h3 mb-0">Compare quotes</h1>
          <span className={`badge ${badge}`}>{label}</span>
        </div>
        <p className="fw-semibold mb-1 mt-2">{itemsLine(r.items)}</p>
        <RfqFacts rfq={r} />
        {r.notes ? <p className="small mb-0">Notes: {r.notes}</p> : null}
        <p className="small mb-0">Sent to {r.sellerCount} seller{r.sellerCount === 1 ? '' : 's'} near your site.</p>
      </div>
      {r.state === 'accepted' && r.orderId ? (
        <div className="alert alert-success mb-0">You accepted a quote: its order is in <Link to="/myorder">My orders</Link>.</div>
      ) : null}
      {accepting ? <AcceptPanel rfq={r} quote={accepting} onClose={() => setAccepting(null)} /> : null}
      <QuoteCompare rfq={r} now={now} onAccept={open ? setAccepting : null} />
      {open ? (
        <div><button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setCancelling(true)}>Withdraw request</button></div>
      ) : null}
      {cancelling && (
        <ConfirmDialog title="Withdraw this request?" keepLabel="Keep it" confirmLabel="Withdraw" busyLabel="Withdrawing..." busy={cancel.isPending}
          onKeep={() => setCancelling(false)} onConfirm={withdraw}>
          <p className="mb-0">Sellers can no longer quote, and their quotes can no longer be accepted.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
