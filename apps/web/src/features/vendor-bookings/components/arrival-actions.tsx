import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { VendorBooking } from '@nirmaan/shared/booking';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useOnTheWay, useStartBooking } from '../api/arrival.ts';

/**
 * A confirmed booking's arrival in the portal (issue 34, decision record 043): "On my way" (the customer is told on
 * WhatsApp and by mail, once) and Start, where the professional enters the customer's 4-digit start code at the door.
 */
export function ArrivalActions({ b }: { b: VendorBooking }) {
  const { t } = useLingui();
  const onTheWay = useOnTheWay();
  const start = useStartBooking();
  const toast = useToast();
  const [entering, setEntering] = useState(false);
  const id = useId();

  if (b.status === 'In progress') {
    return <p className="small text-body-secondary mb-0 w-100"><Trans>Started. The customer confirms completion; without an answer it completes by itself 48 hours after the job.</Trans></p>;
  }
  if (b.status !== 'Confirmed') return null;

  const tellOnTheWay = () => onTheWay.mutate(b._id, {
    onSuccess: () => toast(t`The customer is told that you are on the way.`, 'success'),
    onError: (err) => toast(failureText(err, t`Could not tell the customer. Please try again.`), 'danger'),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
    start.mutate({ id: b._id, code }, {
      onSuccess: () => {
        setEntering(false);
        toast(t`Job started.`, 'success');
      },
      onError: (err) => toast(failureText(err, t`Could not start the job. Please try again.`), 'danger'),
    });
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-2 w-100">
      {b.onTheWayAt
        ? <span className="small text-success"><Trans>The customer knows you are on the way.</Trans></span>
        : <button type="button" className="btn btn-sm btn-outline-primary" disabled={onTheWay.isPending} onClick={tellOnTheWay}><Trans>On my way</Trans></button>}
      {entering ? (
        <form className="d-flex flex-wrap align-items-center gap-2" onSubmit={submit} aria-label={t`Start code`}>
          <label htmlFor={id} className="small fw-semibold"><Trans>Customer's start code</Trans></label>
          <input id={id} name="code" className="form-control form-control-sm w-auto font-monospace" inputMode="numeric" autoComplete="off"
            pattern="[0-9]{4}" maxLength={4} size={5} required />
          <button type="submit" className="btn btn-sm btn-primary" disabled={start.isPending}>{start.isPending ? <Trans>Starting...</Trans> : <Trans>Start job</Trans>}</button>
          <button type="button" className="btn btn-sm btn-link" onClick={() => setEntering(false)}><Trans>Cancel</Trans></button>
        </form>
      ) : (
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setEntering(true)}><Trans>Start</Trans></button>
      )}
    </div>
  );
}
