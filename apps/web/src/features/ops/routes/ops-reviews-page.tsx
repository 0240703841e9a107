import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { can, type OperatorMe, type OpsReview } from '@nirmaan/shared/ops';
import { failureText } from '../../../lib/api.ts';
import { setReviewHidden, useReviews } from '../api/ops.ts';
import { useFilterParams } from '../components/support-parts.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN');
const keyOf = (r: Pick<OpsReview, 'kind' | 'id'>) => `${r.kind}-${r.id}`;

interface ReviewRowProps { r: OpsReview; moderate: boolean; reason: string; onReason: (text: string) => void; onToggle: () => void }

/** One review: author, rating, subject, reports, hidden state, and (for moderators) the reason and Hide/Unhide. */
function ReviewRow({ r, moderate, reason, onReason, onToggle }: ReviewRowProps) {
  return (
    <li className="list-group-item" aria-label={`Review by ${r.customerName}`}>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <strong>{r.customerName}</strong>
        <span>{r.rating}★</span>
        <span className="small text-body-secondary">{r.kind === 'product' ? 'Product' : 'Vendor'}: {r.subjectName} · {day(r.createdAt)}</span>
        {r.reportCount > 0 && <span className="badge text-bg-warning">{r.reportCount === 1 ? '1 report' : `${r.reportCount} reports`}</span>}
        {r.hiddenAt && <span className="badge text-bg-secondary">Hidden</span>}
      </div>
      <p className="mb-1">{r.comment}</p>
      {r.hiddenAt && r.hiddenReason && <p className="small text-body-secondary mb-1">Hidden {day(r.hiddenAt)}: {r.hiddenReason}</p>}
      {moderate && (
        <div className="d-flex gap-2">
          <input
            className="form-control form-control-sm" style={{ maxWidth: 360 }} aria-label={`Reason for ${r.customerName}'s review`}
            placeholder={r.hiddenAt ? 'Reason to show it again' : 'Reason to hide it'} value={reason}
            onChange={(e) => onReason(e.target.value)}
          />
          <button type="button" className={`btn btn-sm ${r.hiddenAt ? 'btn-outline-success' : 'btn-outline-danger'}`} onClick={onToggle}>
            {r.hiddenAt ? 'Unhide' : 'Hide'}
          </button>
        </div>
      )}
    </li>
  );
}

/** /ops/reviews: product and vendor reviews (reported ones first if asked), each hidden or shown again with a reason. */
export function Component() {
  const op = useOutletContext<OperatorMe>();
  const [params, set] = useFilterParams();
  const reported = params.get('reported') === 'true';
  const filter = { reported, vendorId: params.get('vendorId') ?? '', productId: params.get('productId') ?? '' };
  const list = useReviews(filter, Number(params.get('page') ?? '1') || 1);
  const client = useQueryClient();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const moderate = can(op.role, 'moderateReviews');

  const toggle = async (review: OpsReview) => {
    const hide = review.hiddenAt === null;
    const reason = (reasons[keyOf(review)] ?? '').trim();
    if (reason.length < 3) {
      setNotice({ kind: 'danger', text: `Please write a reason to ${hide ? 'hide' : 'show'} ${review.customerName}'s review.` });
      return;
    }
    try {
      await setReviewHidden(review, hide, reason);
      setNotice({ kind: 'success', text: hide ? `${review.customerName}'s review is hidden; the average no longer counts it.` : `${review.customerName}'s review is shown again.` });
      setReasons((all) => ({ ...all, [keyOf(review)]: '' }));
    } catch (err) {
      setNotice({ kind: 'danger', text: failureText(err, 'That did not work.') });
    }
    await client.invalidateQueries({ queryKey: ['ops', 'reviews'] });
  };

  const setReported = (on: boolean) => set('reported', on ? 'true' : '');
  const goTo = (page: number) => set('page', String(page));

  return (
    <>
      <h1 className="h3 mb-3">Reviews</h1>
      <div className="form-check mb-3">
        <input id="reported-only" className="form-check-input" type="checkbox" checked={reported} onChange={(e) => setReported(e.target.checked)} />
        <label className="form-check-label" htmlFor="reported-only">Reported only</label>
      </div>
      {notice && <div className={`alert alert-${notice.kind}`} role={notice.kind === 'danger' ? 'alert' : 'status'}>{notice.text}</div>}
      {list.isError && <div className="alert alert-danger" role="alert">{list.error.message}</div>}
      {list.data?.reviews.length === 0 && <p className="text-body-secondary">{reported ? 'No reported reviews.' : 'No reviews.'}</p>}
      <ul className="list-group">
        {list.data?.reviews.map((r) => (
          <ReviewRow
            key={keyOf(r)} r={r} moderate={moderate} reason={reasons[keyOf(r)] ?? ''}
            onReason={(text) => setReasons((all) => ({ ...all, [keyOf(r)]: text }))} onToggle={() => void toggle(r)}
          />
        ))}
      </ul>
      {list.data && (
        <div className="d-flex align-items-center gap-2 mt-2">
          <span className="small text-body-secondary">{list.data.total} reviews · page {list.data.page} of {list.data.pages}</span>
          {list.data.page > 1 && <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => goTo(list.data.page - 1)}>Previous</button>}
          {list.data.page < list.data.pages && <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => goTo(list.data.page + 1)}>Next</button>}
        </div>
      )}
    </>
  );
}
