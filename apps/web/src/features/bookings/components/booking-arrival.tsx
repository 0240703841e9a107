import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ServiceOrder } from '@nirmaan/shared/booking';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useCompleteBooking } from '../api/arrival.ts';
import { bookAgainState } from '../book-again.ts';

/**
 * A booking's arrival and completion in My orders (issue 34, decision record 043): the start code the customer
 * gives at the door, "on the way", Confirm completion once started, and Book again once completed.
 */
export function BookingArrival({ b }: { b: ServiceOrder }) {
  return (
    <>
      <StartCodeNote b={b} />
      <ConfirmCompletion b={b} />
      <BookAgainLink b={b} />
    </>
  );
}

export function StartCodeNote({ b }: { b: ServiceOrder }) {
  if (!b.startCode && !b.onTheWayAt) return null;
  const code = b.startCode;
  return (
    <div className="w-100 small" data-testid="start-code">
      {b.onTheWayAt && b.status === 'Confirmed' ? <p className="text-success fw-semibold mb-1"><Trans>The professional is on the way.</Trans></p> : null}
      {code ? (
        <p className="mb-0">
          <Trans>Start code <strong className="font-monospace fs-6">{code}</strong>: give it to the professional when they arrive, not before.</Trans>
        </p>
      ) : null}
    </div>
  );
}

export function ConfirmCompletion({ b }: { b: ServiceOrder }) {
  const { t, i18n } = useLingui();
  const complete = useCompleteBooking();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  if (!b.completable) return null;
  const when = b.autoCompleteAt
    ? new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-IN' : `${i18n.locale}-IN`, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(b.autoCompleteAt))
    : null;
  const vendor = b.vendorName;
  return (
    <div className="w-100 d-flex flex-wrap align-items-center gap-2">
      <button type="button" className="btn btn-success btn-sm" onClick={() => setAsking(true)}><Trans>Confirm completion</Trans></button>
      {when ? <span className="small text-body-secondary"><Trans>If you do not answer, it completes by itself on {when}.</Trans></span> : null}
      {asking ? (
        <ConfirmDialog
          title={t`Is the job complete?`} keepLabel={t`Not yet`} confirmLabel={t`Yes, it is complete`} busyLabel={t`Confirming...`}
          busy={complete.isPending} onKeep={() => setAsking(false)}
          onConfirm={() => complete.mutate(b._id, {
            onSuccess: () => toast(t`Thank you. The booking is complete.`, 'success'),
            onError: (err) => toast(failureText(err, t`Could not confirm completion. Please try again.`), 'danger'),
            onSettled: () => setAsking(false),
          })}
        >
          <p className="mb-0"><Trans>Confirm only once {vendor} has finished the work: the professional is then paid.</Trans></p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** On a completed booking: that professional's booking page, with this booking's address filled in. */
export function BookAgainLink({ b }: { b: ServiceOrder }) {
  if (b.status !== 'Completed') return null;
  return (
    <Link to="/myorder/service" state={bookAgainState(b)} className="btn btn-outline-primary btn-sm" onClick={() => localStorage.setItem('Customerid', b.Vendorid)}>
      <Trans>Book again</Trans>
    </Link>
  );
}
