import { useId } from 'react';
import { VEHICLE_CLASSES, VEHICLE_CLASS_IDS, type VehicleClass } from '@nirmaan/shared/delivery';
import { newVehicle, WEEKDAYS, type DeliveryDraft, type VehicleDraft } from './delivery-draft.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalTerm } from '../../../lib/portal-words.ts';

type Change = (patch: Partial<DeliveryDraft>) => void;

/** One labelled text input of the Delivery form. */
function Input({ label, value, onChange, className = 'col-md-4', hint, type = 'text' }: {
  label: string; value: string; onChange: (v: string) => void; className?: string; hint?: string; type?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small mb-1">{label}</label>
      <input id={id} type={type} className="form-control form-control-sm" value={value} onChange={(e) => onChange(e.target.value)} />
      {hint ? <div className="form-text">{hint}</div> : null}
    </div>
  );
}

export function AreaFields({ draft, change }: { draft: DeliveryDraft; change: Change }) {
  const { t } = useLingui();
  return (
    <fieldset className="card card-body">
      <legend className="h6"><Trans>Where you deliver</Trans></legend>
      <div className="row g-3">
        <Input label={t`Dispatch pincode`} value={draft.pincode} onChange={(pincode) => change({ pincode })} hint={t`Where your vehicles leave from.`} />
        <Input label={t`Radius (km by road)`} value={draft.radiusKm} onChange={(radiusKm) => change({ radiusKm })} hint={t`Leave empty to serve only the pincodes below.`} />
        <Input label={t`Also deliver to`} value={draft.include} onChange={(include) => change({ include })} className="col-md-6" hint={t`Pincodes or their first digits (5000, 500081), beyond the radius.`} />
        <Input label={t`Never deliver to`} value={draft.exclude} onChange={(exclude) => change({ exclude })} className="col-md-6" hint={t`An exact pincode beats a prefix; a longer prefix beats a shorter one.`} />
      </div>
    </fieldset>
  );
}

function VehicleRow({ v, onChange, onRemove }: { v: VehicleDraft; onChange: (v: VehicleDraft) => void; onRemove: () => void }) {
  const { i18n, t } = useLingui();
  const set = (patch: Partial<VehicleDraft>) => onChange({ ...v, ...patch });
  const id = useId();
  return (
    <div className="row g-2 align-items-end border-bottom pb-2 mb-2">
      <div className="col-md-2">
        <label htmlFor={id} className="form-label small mb-1"><Trans>Vehicle</Trans></label>
        <select id={id} className="form-select form-select-sm" value={v.vehicleClass} onChange={(e) => onChange({ ...newVehicle(e.target.value as VehicleClass), baseFare: v.baseFare, perKm: v.perKm, includedKm: v.includedKm })}>
          {VEHICLE_CLASS_IDS.map((c) => <option key={c} value={c}>{portalTerm(i18n, VEHICLE_CLASSES[c].label)}</option>)}
        </select>
      </div>
      <Input label={t`Capacity kg`} value={v.capacityKg} onChange={(capacityKg) => set({ capacityKg })} className="col-md-1" />
      <Input label={t`Capacity m³`} value={v.capacityM3} onChange={(capacityM3) => set({ capacityM3 })} className="col-md-1" />
      <Input label={t`Base fare ₹`} value={v.baseFare} onChange={(baseFare) => set({ baseFare })} className="col-md-2" />
      <Input label={t`Km included`} value={v.includedKm} onChange={(includedKm) => set({ includedKm })} className="col-md-1" />
      <Input label={t`₹ per km beyond`} value={v.perKm} onChange={(perKm) => set({ perKm })} className="col-md-1" />
      <Input label={t`Carries (empty: any)`} value={v.categories} onChange={(categories) => set({ categories })} className="col-md-3" />
      <div className="col-md-1"><button type="button" className="btn btn-outline-danger btn-sm" onClick={onRemove}><Trans>Remove</Trans></button></div>
    </div>
  );
}

export function VehicleFields({ draft, change }: { draft: DeliveryDraft; change: Change }) {
  const replace = (i: number, v: VehicleDraft) => change({ vehicles: draft.vehicles.map((x, j) => (j === i ? v : x)) });
  return (
    <fieldset className="card card-body">
      <legend className="h6"><Trans>Vehicles and fares</Trans></legend>
      {draft.vehicles.map((v, i) => (
        <VehicleRow key={i} v={v} onChange={(next) => replace(i, next)} onRemove={() => change({ vehicles: draft.vehicles.filter((_, j) => j !== i) })} />
      ))}
      <div><button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => change({ vehicles: [...draft.vehicles, newVehicle('mini_truck')] })}><Trans>Add a vehicle</Trans></button></div>
      <p className="small text-body-secondary mb-0 mt-2"><Trans>Each order goes by the vehicles and trips that cost the customer least.</Trans></p>
    </fieldset>
  );
}

export function ChargeFields({ draft, change }: { draft: DeliveryDraft; change: Change }) {
  const { t } = useLingui();
  return (
    <fieldset className="card card-body">
      <legend className="h6"><Trans>Charges</Trans></legend>
      <div className="row g-3">
        <Input label={t`Unloading ₹ per floor (no lift)`} value={draft.unloadingPerFloor} onChange={(unloadingPerFloor) => change({ unloadingPerFloor })} />
        <Input label={t`Minimum order ₹`} value={draft.minimumOrder} onChange={(minimumOrder) => change({ minimumOrder })} />
        <Input label={t`Free delivery from ₹`} value={draft.freeFrom} onChange={(freeFrom) => change({ freeFrom })} hint={t`Optional: the transport is free from this order value.`} />
      </div>
    </fieldset>
  );
}

export function ScheduleFields({ draft, change }: { draft: DeliveryDraft; change: Change }) {
  const { i18n, t } = useLingui();
  const toggle = (day: number) => change({ weekdays: draft.weekdays.includes(day) ? draft.weekdays.filter((d) => d !== day) : [...draft.weekdays, day].sort() });
  return (
    <fieldset className="card card-body">
      <legend className="h6"><Trans>When you deliver</Trans></legend>
      <div className="row g-3 align-items-end">
        <Input label={t`Lead time (days)`} value={draft.leadDays} onChange={(leadDays) => change({ leadDays })} className="col-md-3" />
        <Input label={t`Daily cut-off`} type="time" value={draft.cutoff} onChange={(cutoff) => change({ cutoff })} className="col-md-3" hint={t`Orders after it count from the next day.`} />
        <div className="col-md-6 d-flex flex-wrap gap-2" role="group" aria-label={t`Delivery days`}>
          {WEEKDAYS.map((name, day) => (
            <label key={name} className="form-check form-check-inline small mb-0">
              <input type="checkbox" className="form-check-input" checked={draft.weekdays.includes(day)} onChange={() => toggle(day)} /> {portalTerm(i18n, name)}
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
