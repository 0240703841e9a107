import { useId, useState, type FormEvent } from 'react';
import { DELIVERY_MSG, type OrderLine } from '@nirmaan/shared/cart';
import { useToast } from '../../../components/ui/toast.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm, useFailureText } from '../../../lib/portal-words.ts';
import { uploadDeliveryPhoto, useMoveLine } from '../api/vendor-orders.ts';

/**
 * Marking a line Delivered asks for proof (decision 032): the customer's 4-digit delivery code, which the customer
 * has in My orders and in the shipping mail; or, when the customer is away, a photo of the delivery and the name of
 * whoever received it. The server checks both again and counts wrong codes (5 per line).
 */
export function DeliverDialog({ line, onClose }: { line: OrderLine; onClose: () => void }) {
  const [away, setAway] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const move = useMoveLine();
  const toast = useToast();
  const titleId = useId();
  const { i18n, t } = useLingui();
  const failureText = useFailureText();
  const name = line.productName;
  const quantity = line.quantity;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setError(null);
    setBusy(true);
    try {
      const proof = away ? await photoProof(photo, form) : { deliveryCode: String(form.get('deliveryCode') ?? '').trim() };
      await move.mutateAsync({ lineId: line._id, status: 'Delivered', ...proof });
      toast(t`${name} marked Delivered.`, 'success');
      onClose();
    } catch (err) {
      setError(err instanceof MissingProof ? portalTerm(i18n, err.message) : failureText(err, t`Could not mark it delivered. Please try again.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="modal d-block" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="modal-dialog modal-dialog-centered">
          <form className="modal-content" onSubmit={(e) => void submit(e)} noValidate>
            <div className="modal-header"><h2 id={titleId} className="modal-title h5"><Trans>Deliver {name} × {quantity}</Trans></h2></div>
            <div className="modal-body">
              {away ? <PhotoFields onPhoto={setPhoto} /> : <CodeField />}
              <button type="button" className="btn btn-link btn-sm px-0" onClick={() => { setAway(!away); setError(null); }}>
                {away ? <Trans>The customer is here: enter the delivery code</Trans> : <Trans>Customer not at home? Deliver with a photo</Trans>}
              </button>
              {error ? <div className="alert alert-danger py-2 small mb-0 mt-2" role="alert">{error}</div> : null}
            </div>
            <div className="modal-footer">
              <button type="button" className="btn btn-outline-secondary" disabled={busy} onClick={onClose}><Trans>Not yet</Trans></button>
              <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? <Trans>Saving...</Trans> : <Trans>Mark Delivered</Trans>}</button>
            </div>
          </form>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}

/** A photo or name left out: said before anything is uploaded. */
class MissingProof extends Error {}

/** The photo is uploaded first (a private file), then named in the move with who received the goods. */
async function photoProof(photo: File | null, form: FormData) {
  if (!photo || photo.size === 0) throw new MissingProof(DELIVERY_MSG.needPhoto);
  const receivedBy = String(form.get('receivedBy') ?? '').trim();
  if (receivedBy === '') throw new MissingProof(DELIVERY_MSG.needReceiver);
  return { photo: (await uploadDeliveryPhoto(photo)).id, receivedBy };
}

function CodeField() {
  const id = useId();
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label fw-semibold"><Trans>Customer’s delivery code</Trans></label>
      <input id={id} name="deliveryCode" className="form-control form-control-lg w-auto" inputMode="numeric" autoComplete="off"
        pattern="[0-9]{4}" maxLength={4} size={6} required autoFocus />
      <div className="form-text"><Trans>Ask the customer for the 4-digit code in their My orders or shipping mail, once they have the goods.</Trans></div>
    </div>
  );
}

function PhotoFields({ onPhoto }: { onPhoto: (file: File | null) => void }) {
  const id = useId();
  const { t } = useLingui();
  return (
    <>
      <div className="mb-2">
        <label htmlFor={`${id}-photo`} className="form-label fw-semibold"><Trans>Photo of the delivery</Trans></label>
        <input id={`${id}-photo`} type="file" className="form-control" accept="image/jpeg,image/png,image/webp" required
          onChange={(e) => onPhoto(e.currentTarget.files?.[0] ?? null)} />
      </div>
      <div className="mb-2">
        <label htmlFor={`${id}-name`} className="form-label fw-semibold"><Trans>Received by</Trans></label>
        <input id={`${id}-name`} name="receivedBy" className="form-control" maxLength={100} autoComplete="off" required placeholder={t`e.g. Ramesh, the watchman`} />
        <div className="form-text"><Trans>The customer sees this delivery marked as received by someone else, with your photo.</Trans></div>
      </div>
    </>
  );
}
