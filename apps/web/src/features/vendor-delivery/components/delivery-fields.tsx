import { useId } from 'react';
import { VEHICLE_CLASSES, VEHICLE_CLASS_IDS, type VehicleClass } from '@nirmaan/shared/delivery';
import { newVehicle, WEEKDAYS, type DeliveryDraft, type VehicleDraft } from './delivery-draft.ts';

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
  return (
    <fieldset className="card card-body">
      <legend className="h6">Where you deliver</legend>
      <div className="row g-3">
        <Input label="Dispatch pincode" value={draft.pincode} onChange={(pincode) => change({ pincode })} hint="Where your vehicles leave from." />
        <Input label="Radius (km by road)" value={draft.radiusKm} onChange={(radiusKm) => change({ radiusKm })} hint="Leave empty to serve only the pincodes below." />
        <Input label="Also deliver to" value={draft.include} onChange={(include) => change({ include })} className="col-md-6" hint="Pincodes or their first digits (5000, 500081), beyond the radius." />
        <Input label="Never deliver to" value={draft.exclude} onChange={(exclude) => change({ exclude })} className="col-md-6" hint="An exact pincode beats a prefix; a longer prefix beats a shorter one." />
      </div>
    </fieldset>
  );
}

function VehicleRow({ v, onChange, onRemove }: { v: VehicleDraft; onChange: (v: VehicleDraft) => void; onRemove: () => void }) {
  const set = (patch: Partial<VehicleDraft>) => onChange({ ...v, ...patch });
  const id = useId();
  return (
    <div className="row g-2 align-items-end border-bottom pb-2 mb-2">
      <div className="col-md-2">
        <label htmlFor={id} className="form-label small mb-1">Vehicle</label>
        <select id={id} className="form-select form-select-sm" value={v.vehicleClass} onChange={(e) => onChange({ ...newVehicle(e.target.value as VehicleClass), baseFare: v.baseFare, perKm: v.perKm, includedKm: v.includedKm })}>
          {VEHICLE_CLASS_IDS.map((c) => <option key={c} value={c}>{VEHICLE_CLASSES[c].label}</option>)}
        </select>
      </div>
      <Input label="Capacity kg" value={v.capacityKg} onChange={(capacityKg) => set({ capacityKg })} className="col-md-1" />
      <Input label="Capacity m³" value={v.capacityM3} onChange={(capacityM3) => set({ capacityM3 })} className="col-md-1" />
      <Input label="Base fare ₹" value={v.baseFare} onChange={(baseFare) => set({ baseFare })} className="col-md-2" />
      <Input label="Km included" value={v.includedKm} onChange={(includedKm) => set({ includedKm })} className="col-md-1" />
      <Input label="₹ per km beyond" value={v.perKm} onChange={(perKm) => set({ perKm })} className="col-md-1" />
      <Input label="Carries (empty: any)" value={v.categories} onChange={(categories) => set({ categories })} className="col-md-3" />
      <div className="col-md-1"><button type="button" className="btn btn-outline-danger btn-sm" onClick={onRemove}>Remove</button></div>
    </div>
  );
}

export function VehicleFields({ draft, change }: { draft: DeliveryDraft; change: Change }) {
  const replace = (i: number, v: VehicleDraft) => change({ vehicles: draft.vehicles.map((x, j) => (j === i ? v : x)) });
  return (
    <fieldset className="card card-body">
      <legend className="h6">Vehicles and fares</legend>
      {draft.vehicles.map((v, i) => (
        <VehicleRow key={i} v={v} onChange={(next) => replace(i, next)} onRemove={() => change({ vehicles: draft.vehicles.filter((_, j) => j !== i) })} />
      ))}
      <div><button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => change({ vehicles: [...draft.vehicles, newVehicle('mini_truck')] })}>Add a vehicle</button></div>
      <p className="small text-body-secondary mb-0 mt-2">Each order goes by the vehicles and trips that cost the customer least.</p>
    </fieldset>
  );
}

export function ChargeFields({ draft, change }: { draft: DeliveryDraft; change: Change }) {
  return (
    <fieldset className="card card-body">
      <legend className="h6">Charges</legend>
      <div className="row g-3">
        <Input label="Unloading ₹ per floor (no lift)" value={draft.unloadingPerFloor} onChange={(unloadingPerFloor) => change({ unloadingPerFloor })} />
        <Input label="Minimum order ₹" value={draft.minimumOrder} onChange={(minimumOrder) => change({ minimumOrder })} />
        <Input label="Free delivery from ₹" value={draft.freeFrom} onChange={(freeFrom) => change({ freeFrom })} hint="Optional: the transport is free from this order value." />
      </div>
    </fieldset>
  );
}

export function ScheduleFields({ draft, change }: { draft: DeliveryDraft; change: Change }) {
  const toggle = (day: number) => change({ weekdays: draft.weekdays.includes(day) ? draft.weekdays.filter((d) => d !== day) : [...draft.weekdays, day].sort() });
  return (
    <fieldset className="card card-body">
      <legend className="h6">When you deliver</legend>
      <div className="row g-3 align-items-end">
        <Input label="Lead time (days)" value={draft.leadDays} onChange={(leadDays) => change({ leadDays })} className="col-md-3" />
        <Input label="Daily cut-off" type="time" value={draft.cutoff} onChange={(cutoff) => change({ cutoff })} className="col-md-3" hint="Orders after it count from the next day." />
        <div className="col-md-6 d-flex flex-wrap gap-2" role="group" aria-label="Delivery days">
          {WEEKDAYS.map((name, day) => (
            <label key={name} className="form-check form-check-inline small mb-0">
              <input type="checkbox" className="form-check-input" checked={draft.weekdays.includes(day)} onChange={() => toggle(day)} /> {name}
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
