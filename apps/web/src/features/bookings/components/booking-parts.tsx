import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ReverseGeocode } from '@nirmaan/shared/geocode';
import { BOOKING_LIMITS, BOOKING_PAYMENT_METHODS, type BookingPaymentMethod } from '@nirmaan/shared/booking';
import { SERVICE_CHARGE, TIME_SLOTS } from '@nirmaan/shared/constants';
import { addDays, todayInIndia } from '@nirmaan/shared/dates';
import { BOOKING_MSG } from '@nirmaan/shared/messages';
import { slotMinutes } from '@nirmaan/shared/calendar';
import { formatRupees } from '@nirmaan/shared/money';
import { AddressHeading } from '../../../components/ui/locate-me.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useLocateMe, type LocateFailureText } from '../../../lib/locate.ts';
import type { BookingAddress, BookingContact } from '../booking-details.ts';
import type { BookingForm } from '../booking-form.ts';

/** One read-only text box of the booking form. */
function TextField({ label, value, name }: { label: string; value: string; name: string }) {
  const id = useId();
  return (
    <div className="col-md-6">
      <label htmlFor={`${id}-${name}`} className="form-label">{label}</label>
      <input id={`${id}-${name}`} className="form-control" value={value} readOnly />
    </div>
  );
}

type AddressField = keyof BookingAddress;

/** One address box bound to the booking form. */
function AddressBox({ form, label, name, cls }: { form: BookingForm; label: string; name: Exclude<AddressField, 'specialInstructions'>; cls: string }) {
  const id = useId();
  return (
    <div className={cls}>
      <label htmlFor={`${id}-${name}`} className="form-label">{label}</label>
      <input id={`${id}-${name}`} className="form-control" {...form.register(name)} />
    </div>
  );
}

/**
 * The service date and its time slots: the start times the professional's calendar leaves bookable (the server's
 * answer; the spec's six without a calendar), with taken ones shown disabled. Before a date is picked, the six.
 */
export function DateAndSlot({ form, open, taken }: { form: BookingForm; open: readonly string[] | null; taken: readonly string[] }) {
  const id = useId();
  const { t } = useLingui();
  const today = todayInIndia();
  const [date, slot] = form.watch(['date', 'slot']);
  const free = new Set(open ?? []);
  const shown = date && open ? [...new Set([...open, ...taken])].sort((a, b) => (slotMinutes(a) ?? 0) - (slotMinutes(b) ?? 0)) : TIME_SLOTS;
  // Until the bookable times arrive, the six with the taken ones off, as before calendars (the server checks anyway).
  const isTaken = (s: string) => (open ? !free.has(s) : taken.includes(s));
  // Another date has other free slots: the one picked goes.
  const dateField = form.register('date', { onChange: () => form.setValue('slot', '') });
  return (
    <section className="card card-body" aria-labelledby={`${id}-h-when`}>
      <h2 id={`${id}-h-when`} className="h6"><Trans>Date and time</Trans></h2>
      <label htmlFor={`${id}-date`} className="form-label"><Trans>Service date</Trans></label>
      <input id={`${id}-date`} type="date" className="form-control w-auto mb-3" min={today} max={addDays(today, BOOKING_LIMITS.daysAhead)} {...dateField} />
      <div className="d-flex flex-wrap gap-2" role="group" aria-label={t`Time slots`}>
        {shown.map((s) => (
          <button key={s} type="button" aria-pressed={slot === s} disabled={!date || isTaken(s)}
            className={`btn ${slot === s ? 'btn-primary' : 'btn-outline-primary'}`} onClick={() => form.setValue('slot', s)}>
            {s}{date && isTaken(s) ? <span className="visually-hidden"> <Trans>(booked)</Trans></span> : null}
          </button>
        ))}
      </div>
      {date && open && open.length === 0 ? <p className="small text-body-secondary mt-2 mb-0" role="status"><Trans>No free times on this day. Please choose another date.</Trans></p> : null}
    </section>
  );
}

/** The customer's contact, read-only: it comes from saved details or the profile. */
export function ContactFields({ contact }: { contact: BookingContact }) {
  const id = useId();
  const { t } = useLingui();
  return (
    <section className="card card-body" aria-labelledby={`${id}-h-you`}>
      <h2 id={`${id}-h-you`} className="h6"><Trans>Your details</Trans></h2>
      <div className="row g-3">
        <TextField label={t`Full name`} value={contact.fullName} name="name" />
        <TextField label={t`Email`} value={contact.email} name="email" />
        <TextField label={t`Phone`} value={contact.phone} name="phone" />
        <TextField label={t`Alternate phone`} value={contact.alternatePhone} name="alt" />
      </div>
    </section>
  );
}

const locateFailure: LocateFailureText = (kind, detail) => (kind === 'unsupported' ? BOOKING_MSG.geolocationUnsupported
  : kind === 'position' ? `${BOOKING_MSG.unableToFetchLocation}${detail}` : BOOKING_MSG.failedToFetchAddress);

/** Where the service happens; Locate Me fills what it finds and keeps what it does not. */
export function AddressFields({ form }: { form: BookingForm }) {
  const id = useId();
  const { t } = useLingui();
  const toast = useToast();
  const fill = (place: ReverseGeocode) => {
    const found: Record<Exclude<AddressField, 'specialInstructions'>, string> = {
      street: place.street || place.formattedAddress, city: place.city, state: place.state, zip: place.pincode,
    };
    for (const [field, value] of Object.entries(found)) if (value) form.setValue(field as keyof typeof found, value);
    form.setValue('latitude', place.latitude);
    form.setValue('longitude', place.longitude);
    toast(BOOKING_MSG.locationFetched(place.latitude, place.longitude), 'success');
  };
  const { locating, locate } = useLocateMe(fill, locateFailure, (text) => toast(text, 'danger'));
  return (
    <section className="card card-body" aria-labelledby={`${id}-h-where`}>
      <AddressHeading id={`${id}-h-where`} locating={locating} onLocate={locate}><Trans>Service address</Trans></AddressHeading>
      <div className="row g-3">
        <AddressBox form={form} label={t`Street`} name="street" cls="col-12" />
        <AddressBox form={form} label={t`City`} name="city" cls="col-md-4" />
        <AddressBox form={form} label={t`State`} name="state" cls="col-md-4" />
        <AddressBox form={form} label={t`ZIP`} name="zip" cls="col-md-4" />
        <div className="col-12">
          <label htmlFor={`${id}-notes`} className="form-label"><Trans>Special instructions</Trans></label>
          <textarea id={`${id}-notes`} className="form-control" rows={2} {...form.register('specialInstructions')} />
        </div>
      </div>
    </section>
  );
}

/** The payment tabs' names (UPI stays UPI in every language). */
function usePaymentTabs(): Record<BookingPaymentMethod, string> {
  const { t } = useLingui();
  return { card: t`Card`, upi: 'UPI', netbanking: t`Net Banking`, cash: t`Cash` };
}
const BANKS = ['SBI', 'ICICI', 'HDFC'] as const;

/** The payment tabs; without online payment only Cash. Card, UPI and bank inputs stay in the browser: only the method is sent. */
export function PaymentChoice({ method, onlinePayment, onChange }: { method: BookingPaymentMethod; onlinePayment: boolean; onChange: (m: BookingPaymentMethod) => void }) {
  const id = useId();
  const { t } = useLingui();
  const PAYMENT_TABS = usePaymentTabs();
  return (
    <section className="card card-body" aria-labelledby={`${id}-h-pay`}>
      <h2 id={`${id}-h-pay`} className="h6"><Trans>Payment</Trans></h2>
      <ul className="nav nav-tabs mb-3" role="tablist">
        {BOOKING_PAYMENT_METHODS.filter((m) => m === 'cash' || onlinePayment).map((m) => (
          <li className="nav-item" role="presentation" key={m}>
            <button type="button" role="tab" aria-selected={method === m} className={`nav-link${method === m ? ' active' : ''}`} onClick={() => onChange(m)}>
              {PAYMENT_TABS[m]}
            </button>
          </li>
        ))}
      </ul>
      {method === 'card' ? <div className="row g-2"><div className="col-md-8"><input className="form-control" aria-label={t`Card number`} inputMode="numeric" autoComplete="off" placeholder={t`Card number`} /></div></div> : null}
      {method === 'upi' ? <input className="form-control w-auto" aria-label={t`UPI ID`} autoComplete="off" placeholder="name@bank" /> : null}
      {method === 'netbanking' ? (
        <select className="form-select w-auto" aria-label={t`Bank`}>{BANKS.map((b) => <option key={b}>{b}</option>)}</select>
      ) : null}
      {method === 'cash' ? <p className="mb-0">{BOOKING_MSG.payAtService}</p> : null}
    </section>
  );
}

export function PaymentSummary({ base, busyText }: { base: number; busyText: string | null }) {
  const { t } = useLingui();
  const money = (rupees: number) => formatRupees(rupees);
  return (
    <aside className="col-lg-4" aria-label={t`Payment Summary`}>
      <div className="card card-body">
        <h2 className="h6"><Trans>Payment Summary</Trans></h2>
        <dl className="row small mb-0">
          <dt className="col-7 fw-normal"><Trans>Base price</Trans></dt><dd className="col-5 text-end">{money(base)}</dd>
          <dt className="col-7 fw-normal"><Trans>Service charge</Trans></dt><dd className="col-5 text-end">{money(SERVICE_CHARGE)}</dd>
          <dt className="col-7 fs-6"><Trans>Total</Trans></dt><dd className="col-5 text-end fs-6 fw-bold mb-0" data-testid="booking-total">{money(base + SERVICE_CHARGE)}</dd>
        </dl>
        <button type="submit" className="btn btn-primary w-100 mt-3" disabled={busyText !== null}>{busyText ?? <Trans>Book Now</Trans>}</button>
      </div>
    </aside>
  );
}
