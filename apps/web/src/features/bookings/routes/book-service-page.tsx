import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BOOKING_LIMITS, BOOKING_PAYMENT_METHODS, type BookingPaymentMethod } from '@nirmaan/shared/booking';
import { SERVICE_CHARGE, TIME_SLOTS, type TimeSlot } from '@nirmaan/shared/constants';
import { BOOKING_MSG } from '@nirmaan/shared/messages';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatRupees2 } from '../../../lib/format.ts';
import { LocateError, locateMe } from '../../../lib/locate.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { BOOKING_PAY_MSG, usePayment, usePaymentOptions } from '../../../lib/razorpay.ts';
import { useBook, useBookedSlots, useProfileForBooking, useSavedDetails, useVendorPrice } from '../api/bookings.ts';

interface Contact { fullName: string; email: string; phone: string; alternatePhone: string }
interface Address { street: string; city: string; state: string; zip: string; specialInstructions: string }
const NO_CONTACT: Contact = { fullName: '', email: '', phone: '', alternatePhone: '' };
const NO_ADDRESS: Address = { street: '', city: '', state: '', zip: '', specialInstructions: '' };
const PAYMENT_TABS: Record<BookingPaymentMethod, string> = { card: 'Card', upi: 'UPI', netbanking: 'Net Banking', cash: 'Cash' };
const BANKS = ['SBI', 'ICICI', 'HDFC'] as const;
const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
/** The server takes bookings at most BOOKING_LIMITS.daysAhead days ahead (India's calendar). */
const lastBookableDate = () => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + BOOKING_LIMITS.daysAhead);
  return d.toISOString().slice(0, 10);
};

/** /myorder/service: book the professional chosen with Book Now or Hire Now (stored as `Customerid`, SPEC.md §3). */
export function Component() {
  const { userId } = useStoredUser();
  const vendorId = localStorage.getItem('Customerid');
  const price = useVendorPrice(vendorId);
  const saved = useSavedDetails(userId);
  const profile = useProfileForBooking(userId);
  const book = useBook();
  const pay = usePayment();
  const { onlinePayment } = usePaymentOptions();
  const [paying, setPaying] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const [contact, setContact] = useState<Contact>(NO_CONTACT);
  const [address, setAddress] = useState<Address>(NO_ADDRESS);
  const [coords, setCoords] = useState<{ latitude: number; longitude: number } | null>(null);
  const [picked, setMethod] = useState<BookingPaymentMethod>('card');
  // Without a payment gateway (production without keys) only Cash is offered.
  const method: BookingPaymentMethod = onlinePayment ? picked : 'cash';
  const [locating, setLocating] = useState(false);
  const booked = useBookedSlots(vendorId, date);
  const key = useRef(crypto.randomUUID());

  // Saved details first (with the info toast), else the profile: a first booking never shows empty read-only fields.
  // Before a first booking the server answers the account's contact with a blank address: that is not "saved".
  const [filledFrom, setFilledFrom] = useState<'nothing' | 'saved' | 'profile'>('nothing');
  if (filledFrom === 'nothing' && !saved.isPending) {
    if (saved.data?.address.street) {
      const c = saved.data.customer;
      const a = saved.data.address;
      setFilledFrom('saved');
      setContact({ fullName: c.fullName ?? '', email: c.email ?? '', phone: c.phone ?? '', alternatePhone: c.alternatePhone ?? '' });
      setAddress({ street: a.street ?? '', city: a.city ?? '', state: a.state ?? '', zip: a.zip ?? '', specialInstructions: a.specialInstructions ?? '' });
    } else if (profile.data) {
      const p = profile.data;
      setFilledFrom('profile');
      setContact({ fullName: p.Full_Name, email: p.Emailaddress, phone: p.Phone_Number, alternatePhone: '' });
      setAddress((a) => ({ ...a, city: p.Location === 'Google' ? '' : p.Location }));
    } else if (saved.data && !profile.isPending) {
      const c = saved.data.customer;
      setFilledFrom('profile');
      setContact({ fullName: c.fullName, email: c.email, phone: c.phone, alternatePhone: c.alternatePhone });
    }
  }
  useEffect(() => {
    if (filledFrom === 'saved') toast(BOOKING_MSG.savedDetailsFilled, 'info');
  }, [filledFrom, toast]);

  const base = price.data ?? 0;
  const taken = new Set(booked.data?.booked ?? []);

  const locate = async () => {
    setLocating(true);
    try {
      const place = await locateMe();
      setCoords({ latitude: place.latitude, longitude: place.longitude });
      setAddress((a) => ({ ...a, street: place.street || place.formattedAddress || a.street, city: place.city || a.city, state: place.state || a.state, zip: place.pincode || a.zip }));
      toast(BOOKING_MSG.locationFetched(place.latitude, place.longitude), 'success');
    } catch (err) {
      if (err instanceof LocateError && err.kind === 'unsupported') toast(BOOKING_MSG.geolocationUnsupported, 'danger');
      else if (err instanceof LocateError && err.kind === 'position') toast(`${BOOKING_MSG.unableToFetchLocation}${err.message}`, 'danger');
      else toast(BOOKING_MSG.failedToFetchAddress, 'danger');
    } finally {
      setLocating(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) {
      toast(BOOKING_MSG.loginToContinue, 'warning');
      return;
    }
    if (!vendorId) return;
    if (!date || !slot) {
      toast(BOOKING_MSG.chooseSlot, 'warning');
      return;
    }
    book.mutate({
      key: key.current,
      body: {
        Vendorid: vendorId, customerid: userId, serviceDate: date, serviceTime: slot, customer: contact,
        address: { ...address, latitude: coords?.latitude ?? null, longitude: coords?.longitude ?? null },
        saveAddress: true, payment: { method }, totalAmount: base + SERVICE_CHARGE,
      },
    }, {
      onSuccess: async ({ payment }) => {
        toast(BOOKING_MSG.success, 'success');
        if (payment?.message) toast(payment.message, 'warning');
        else if (payment) {
          // Card, UPI and Net Banking pay through Razorpay's checkout, like product orders.
          setPaying(true);
          const outcome = await pay(payment, { name: contact.fullName, email: contact.email, contact: contact.phone });
          setPaying(false);
          toast(BOOKING_PAY_MSG[outcome], outcome === 'paid' ? 'success' : 'warning');
        }
        navigate('/myorder');
      },
      onError: (err) => {
        toast(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : BOOKING_MSG.failed, 'danger');
        if (err instanceof ApiError && err.status === 409) void booked.refetch();
      },
    });
  };

  if (!vendorId) {
    return (
      <div className="container py-5 text-center">
        <p>{BOOKING_MSG.chooseProfessional}</p>
        <Link to="/service" className="btn btn-primary">Find a professional</Link>
      </div>
    );
  }

  const field = (label: string, value: string, onChange: ((v: string) => void) | null, name: string, cls = 'col-md-6') => (
    <div className={cls}>
      <label htmlFor={`${id}-${name}`} className="form-label">{label}</label>
      <input id={`${id}-${name}`} className="form-control" value={value} readOnly={onChange === null}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined} />
    </div>
  );

  return (
    <div className="container py-4">
      <title>Book your service | Nirmaan</title>
      <h1 className="h3 mb-1">{BOOKING_MSG.heading}</h1>
      <p className="text-body-secondary mb-4">{BOOKING_MSG.intro}</p>
      {!userId ? <div className="alert alert-warning" role="alert">{BOOKING_MSG.loginToContinue} — <Link to="/login">log in</Link>.</div> : null}
      <form className="row g-4" onSubmit={submit}>
        <div className="col-lg-8 d-flex flex-column gap-4">
          <section className="card card-body" aria-labelledby={`${id}-h-when`}>
            <h2 id={`${id}-h-when`} className="h6">Date and time</h2>
            <label htmlFor={`${id}-date`} className="form-label">Service date</label>
            <input id={`${id}-date`} type="date" className="form-control w-auto mb-3" min={todayInIndia()} max={lastBookableDate()} value={date}
              onChange={(e) => { setDate(e.target.value); setSlot(null); }} />
            <div className="d-flex flex-wrap gap-2" role="group" aria-label="Time slots">
              {TIME_SLOTS.map((s) => (
                <button key={s} type="button" aria-pressed={slot === s} disabled={!date || taken.has(s)}
                  className={`btn ${slot === s ? 'btn-primary' : 'btn-outline-primary'}`} onClick={() => setSlot(s)}>
                  {s}{taken.has(s) ? <span className="visually-hidden"> (booked)</span> : null}
                </button>
              ))}
            </div>
          </section>
          <section className="card card-body" aria-labelledby={`${id}-h-you`}>
            <h2 id={`${id}-h-you`} className="h6">Your details</h2>
            <div className="row g-3">
              {field('Full name', contact.fullName, null, 'name')}
              {field('Email', contact.email, null, 'email')}
              {field('Phone', contact.phone, null, 'phone')}
              {field('Alternate phone', contact.alternatePhone, null, 'alt')}
            </div>
          </section>
          <section className="card card-body" aria-labelledby={`${id}-h-where`}>
            <div className="d-flex justify-content-between align-items-center mb-2">
              <h2 id={`${id}-h-where`} className="h6 mb-0">Service address</h2>
              <button type="button" className="btn btn-outline-secondary btn-sm" disabled={locating} onClick={() => void locate()}>
                {locating ? 'Locating...' : 'Locate Me'}
              </button>
            </div>
            <div className="row g-3">
              {field('Street', address.street, (v) => setAddress((a) => ({ ...a, street: v })), 'street', 'col-12')}
              {field('City', address.city, (v) => setAddress((a) => ({ ...a, city: v })), 'city', 'col-md-4')}
              {field('State', address.state, (v) => setAddress((a) => ({ ...a, state: v })), 'state', 'col-md-4')}
              {field('ZIP', address.zip, (v) => setAddress((a) => ({ ...a, zip: v })), 'zip', 'col-md-4')}
              <div className="col-12">
                <label htmlFor={`${id}-notes`} className="form-label">Special instructions</label>
                <textarea id={`${id}-notes`} className="form-control" rows={2} value={address.specialInstructions}
                  onChange={(e) => setAddress((a) => ({ ...a, specialInstructions: e.target.value }))} />
              </div>
            </div>
          </section>
          <section className="card card-body" aria-labelledby={`${id}-h-pay`}>
            <h2 id={`${id}-h-pay`} className="h6">Payment</h2>
            <ul className="nav nav-tabs mb-3" role="tablist">
              {BOOKING_PAYMENT_METHODS.filter((m) => m === 'cash' || onlinePayment).map((m) => (
                <li className="nav-item" role="presentation" key={m}>
                  <button type="button" role="tab" aria-selected={method === m} className={`nav-link${method === m ? ' active' : ''}`} onClick={() => setMethod(m)}>
                    {PAYMENT_TABS[m]}
                  </button>
                </li>
              ))}
            </ul>
            {/* Card, UPI and bank inputs stay in the browser: only the method is sent (SPEC.md §9). */}
            {method === 'card' ? <div className="row g-2"><div className="col-md-8"><input className="form-control" aria-label="Card number" inputMode="numeric" autoComplete="off" placeholder="Card number" /></div></div> : null}
            {method === 'upi' ? <input className="form-control w-auto" aria-label="UPI ID" autoComplete="off" placeholder="name@bank" /> : null}
            {method === 'netbanking' ? (
              <select className="form-select w-auto" aria-label="Bank">{BANKS.map((b) => <option key={b}>{b}</option>)}</select>
            ) : null}
            {method === 'cash' ? <p className="mb-0">{BOOKING_MSG.payAtService}</p> : null}
          </section>
        </div>
        <aside className="col-lg-4" aria-label="Payment Summary">
          <div className="card card-body">
            <h2 className="h6">Payment Summary</h2>
            <dl className="row small mb-0">
              <dt className="col-7 fw-normal">Base price</dt><dd className="col-5 text-end">{formatRupees2(base)}</dd>
              <dt className="col-7 fw-normal">Service charge</dt><dd className="col-5 text-end">{formatRupees2(SERVICE_CHARGE)}</dd>
              <dt className="col-7 fs-6">Total</dt><dd className="col-5 text-end fs-6 fw-bold mb-0" data-testid="booking-total">{formatRupees2(base + SERVICE_CHARGE)}</dd>
            </dl>
            <button type="submit" className="btn btn-primary w-100 mt-3" disabled={book.isPending || paying}>{paying ? 'Paying...' : book.isPending ? 'Booking...' : 'Book Now'}</button>
          </div>
        </aside>
      </form>
    </div>
  );
}
