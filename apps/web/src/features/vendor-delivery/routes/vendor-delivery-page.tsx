import { useState, type FormEvent } from 'react';
import type { VendorDelivery } from '@nirmaan/shared/delivery';
import { formatPaise } from '@nirmaan/shared/money';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFailureText } from '../../../lib/portal-words.ts';
import { useSaveVendorDelivery, useVendorDelivery } from '../api/vendor-delivery.ts';
import { draftOf, settingsOf, type DeliveryDraft } from '../components/delivery-draft.ts';
import { AreaFields, ChargeFields, ScheduleFields, VehicleFields } from '../components/delivery-fields.tsx';

/** /vendor/delivery: the seller's own delivery (decision record 034), or the platform's flat fee when it sets none. */
export function Component() {
  const delivery = useVendorDelivery();
  const { t } = useLingui();
  const failureText = useFailureText();
  return (
    <div className="d-flex flex-column gap-3">
      <title>{t`Delivery | Nirmaan vendor portal`}</title>
      <h1 className="h4 mb-0"><Trans>Delivery</Trans></h1>
      {delivery.isPending ? <Loading text={t`Loading your delivery settings...`} />
        : delivery.isError ? <ErrorState>{failureText(delivery.error, t`Your delivery settings could not be loaded.`)}</ErrorState>
          : <DeliveryForm saved={delivery.data} />}
    </div>
  );
}

function DeliveryForm({ saved }: { saved: VendorDelivery }) {
  const [draft, setDraft] = useState<DeliveryDraft>(() => draftOf(saved.settings));
  const save = useSaveVendorDelivery();
  const toast = useToast();
  const { t } = useLingui();
  const failureText = useFailureText();
  const change = (patch: Partial<DeliveryDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(settingsOf(draft), {
      onSuccess: (answer) => { setDraft(draftOf(answer.settings)); toast(t`Delivery settings saved.`, 'success'); },
      onError: (err) => toast(failureText(err, t`Could not save. Please try again.`), 'danger'),
    });
  };
  const usePlatform = () => save.mutate(null, { onSuccess: () => toast(t`You now deliver at the platform’s flat fee.`, 'success') });
  const fee = formatPaise(saved.platform.feePaise, { wholeRupees: 'short' });
  const freeFrom = formatPaise(saved.platform.freeFromPaise, { wholeRupees: 'short' });
  return (
    <form className="d-flex flex-column gap-3" onSubmit={submit} noValidate>
      <p className="mb-0 small" data-testid="delivery-rule">
        {saved.settings ? <Trans>Customers see your own fees and dates.</Trans> : <Trans>You have no delivery settings: your orders go at the platform’s flat fee ({fee}, free from {freeFrom}).</Trans>}
      </p>
      <AreaFields draft={draft} change={change} />
      <VehicleFields draft={draft} change={change} />
      <ChargeFields draft={draft} change={change} />
      <ScheduleFields draft={draft} change={change} />
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? <Trans>Saving...</Trans> : <Trans>Save delivery settings</Trans>}</button>
        {saved.settings ? <button type="button" className="btn btn-outline-secondary" disabled={save.isPending} onClick={usePlatform}><Trans>Use the platform’s flat fee instead</Trans></button> : null}
      </div>
    </form>
  );
}
