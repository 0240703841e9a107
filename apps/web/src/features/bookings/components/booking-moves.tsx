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

/**
 * One move as a line of the timeline: what happened, from when to when. A proposal for one day of a started job
 * that lapses leaves the job as it was (decision record 049), so its line says so unless the booking was cancelled.
 */
function MoveLine({ m, cancelled }: { m: BookingMove; cancelled: boolean }) {
  const { t } = useLingui();
  const from = `${m.from.serviceDate} ${m.from.serviceTime}`;
  const to = `${m.to.serviceDate} ${m.to.serviceTime}`;
  const day = m.scope === 'day';
  const said: Record<BookingMove['status'], string> = {
    done: day ? t`One day of the job moved from ${from} to ${to}` : t`Rescheduled from ${from} to ${to}`,
    awaiting_fee: t`Waiting for the rescheduling fee: ${from} → ${to}`,
    expired: t`Rescheduling fee not paid: stayed at ${from}`,
    proposed: day ? t`The professional proposed moving one day of the job from ${from} to ${to}` : t`The professional proposed ${to} instead of ${from}`,
    accepted: day ? t`You accepted moving one day of the job from ${from} to ${to}` : t`You accepted the new time: ${to}`,
    superseded: t`You chose another time instead of ${to}`,
    lapsed: day && !cancelled ? t`The proposed day was not answered: the job keeps ${from}` : t`The proposed time was not answered: booking cancelled`,
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
 * What the professional proposes, and what happens without an answer: the booking is cancelled and refunded (decision
 * record 041), except a day of a job already started, which stays as booked (decision record 049).
 */
function ProposalText({ proposal, started }: { proposal: BookingMove; started: boolean }) {
  const { from, to } = proposal;
  const until = proposal.expiresAt ? new Date(proposal.expiresAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' }) : null;
  if (proposal.scope !== 'day') {
    return (
      <>
        <Trans>The professional proposes a new time: {to.serviceDate} at {to.serviceTime}.</Trans>{' '}
        {until ? <Trans>Please answer before {until}; without an answer the booking is cancelled and refunded.</Trans> : null}
      </>
    );
  }
  return (
    <>
      <Trans>The professional proposes moving one day of your job: {from.serviceDate} to {to.serviceDate}, from {to.serviceTime}.</Trans>{' '}
      {until ? (started
        ? <Trans>Please answer before {until}; without an answer that day stays as booked.</Trans>
        : <Trans>Please answer before {until}; without an answer the job is cancelled and refunded.</Trans>) : null}
    </>
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
            <ProposalText proposal={proposal} started={booking.status === 'In progress'} />
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
            {moves.map((m) => <MoveLine key={m.id} m={m} cancelled={booking.status === 'Cancelled'} />)}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
