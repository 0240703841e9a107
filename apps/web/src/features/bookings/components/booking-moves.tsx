import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { ServiceOrder } from '@nirmaan/shared/booking';
import type { BookingMove } from '@nirmaan/shared/reschedule';
import { formatPaise } from '@nirmaan/shared/money';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useAcceptProposal } from '../api/reschedule.ts';

/** The open proposal of a booking's moves, if any. */
export const openProposal = (moves: readonly BookingMove[] | undefined) => moves?.find((m) => m.status === 'proposed') ?? null;

/** One move as a line of the timeline: what happened, from when to when. */
function MoveLine({ m }: { m: BookingMove }) {
  const { t } = useLingui();
  const from = `${m.from.serviceDate} ${m.from.serviceTime}`;
  const to = `${m.to.serviceDate} ${m.to.serviceTime}`;
  const said: Record<BookingMove['status'], string> = {
    done: m.scope === 'day' ? t`One day of the job moved from ${from} to ${to}` : t`Rescheduled from ${from} to ${to}`,
    awaiting_fee: t`Waiting for the rescheduling fee: ${from} → ${to}`,
    expired: t`Rescheduling fee not paid: stayed at ${from}`,
    proposed: t`The professional proposed ${to} instead of ${from}`,
    accepted: t`You accepted the new time: ${to}`,
    superseded: t`You chose another time instead of ${to}`,
    lapsed: t`The proposed time was not answered: booking cancelled`,
  };
  const fee = m.feePaise > 0 && m.status === 'done' ? formatPaise(m.feePaise) : null;
  return (
    <li>
      <span className="text-body-secondary">{new Date(m.createdAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })}</span>{' · '}
      {said[m.status]}{fee ? <> · <Trans>fee {fee}</Trans></> : null}
    </li>
  );
}

/**
 * Rescheduling in My orders' booking card (decision record 041): Reschedule while it has not started, the
 * professional's proposal with Accept and Choose another time, and the timeline of its moves.
 */
export function BookingMoves({ booking }: { booking: ServiceOrder }) {
  const { t } = useLingui();
  const accept = useAcceptProposal();
  const toast = useToast();
  const proposal = openProposal(booking.moves);
  const moves = booking.moves ?? [];
  return (
    <div className="w-100 d-flex flex-column gap-2">
      {proposal ? (
        <div className="alert alert-warning mb-0 py-2" role="status" data-testid="proposal">
          <p className="mb-2">
            <Trans>The professional proposes a new time: {proposal.to.serviceDate} at {proposal.to.serviceTime}.</Trans>{' '}
            {proposal.expiresAt ? <Trans>Please answer before {new Date(proposal.expiresAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })}; without an answer the booking is cancelled and refunded.</Trans> : null}
          </p>
          <div className="d-flex gap-2 flex-wrap">
            <button type="button" className="btn btn-primary btn-sm" disabled={accept.isPending}
              onClick={() => accept.mutate(booking._id, {
                onSuccess: () => toast(t`Booking rescheduled.`, 'success'),
                onError: (err) => toast(failureText(err, t`Could not accept the new time. Please try again.`), 'danger'),
              })}>
              <Trans>Accept the new time</Trans>
            </button>
            <Link className="btn btn-outline-primary btn-sm" to={`/bookings/${booking._id}/reschedule`}><Trans>Choose another time</Trans></Link>
          </div>
        </div>
      ) : booking.reschedulable ? (
        <div><Link className="btn btn-outline-primary btn-sm" to={`/bookings/${booking._id}/reschedule`}><Trans>Reschedule</Trans></Link></div>
      ) : null}
      {moves.length > 0 ? (
        <details open={moves.length <= 3}>
          <summary className="small"><Trans>Changes to this booking</Trans></summary>
          <ol className="small mb-0 ps-3" aria-label={t`Changes to this booking`}>
            {moves.map((m) => <MoveLine key={m.id} m={m} />)}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
