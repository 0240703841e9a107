import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { BookingPaymentMethod } from '@nirmaan/shared/booking';
import { SERVICE_CHARGE } from '@nirmaan/shared/constants';
import { BOOKING_MSG } from '@nirmaan/shared/messages';
import { BusinessBilling, billingOf, useBillingForm } from '../../../components/business-billing.tsx';
import { showServerErrors, useZodForm } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { refusalText } from '../../../lib/refusal.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { BOOKING_PAY_MSG, usePayment, usePaymentOptions } from '../../../lib/razorpay.ts';
import { useBook, useBookedSlots, useVendorPrice, useVendorSlots } from '../api/bookings.ts';
import { AddressFields, ContactFields, DateAndSlot, PaymentChoice, PaymentSummary } from '../components/booking-parts.tsx';
import { useBookingDetails, type BookingAddress, type BookingContact } from '../booking-details.ts';
import { useWhatsAppOptIn } from '../../../components/whatsapp-opt-in.tsx';
import { NO_BOOKING, bookingForm, type BookingForm } from '../booking-form.ts';
import { bookAgainAddress } from '../book-again.ts';
import { JobOptions, choiceBase, choiceFields, type JobChoice } from '../components/job-options.tsx';

/** Books, then pays online when the server started a payment (card, UPI and Net Banking go through Razorpay); My orders either way. */
function useBookAndPay(onSlotTaken: () => void, onRefused: (err: Error) => void) {
  const { t } = useLingui();
  const book = useBook();
  const pay = usePayment();
  const toast = useToast();
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const key = useRef(crypto.randomUUID());

  const submit = (body: Parameters<typeof book.mutate>[0]['body'], contact: BookingContact) => book.mutate({ key: key.current, body }, {
    onSuccess: async ({ payment }) => {
      toast(BOOKING_MSG.success, 'success');
      if (payment?.message) toast(payment.message, 'warning');
      else if (payment) {
        setPaying(true);
        const outcome = await pay(payment, { name: contact.fullName, email: contact.email, contact: contact.phone });
        setPaying(false);
        toast(BOOKING_PAY_MSG[outcome], outcome === 'paid' ? 'success' : 'warning');
      }
      navigate('/myorder');
    },
    onError: (err) => {
      onRefused(err);
      toast(refusalText(err, BOOKING_MSG.failed), 'danger');
      if (err instanceof ApiError && err.status === 409) onSlotTaken();
    },
  });
  return { submit, busyText: paying ? t`Paying...` : book.isPending ? t`Booking...` : null };
}

/** /myorder/service: book the professional chosen with Book Now or Hire Now (stored as `Customerid`). */
export function Component() {
  const vendorId = localStorage.getItem('Customerid');
  if (!vendorId) {
    return (
      <div className="container py-5 text-center">
        <p>{BOOKING_MSG.chooseProfessional}</p>
        <Link to="/service" className="btn btn-primary"><Trans>Find a professional</Trans></Link>
      </div>
    );
  }
  return <BookService vendorId={vendorId} />;
}

/** Puts the saved details' or the profile's address in the form once they arrive (before, the boxes are empty). */
function useStartingAddress(form: BookingForm, address: BookingAddress) {
  useEffect(() => {
    for (const [field, value] of Object.entries(address)) form.setValue(field as keyof BookingAddress, value);
  }, [form, address]);
}

function BookService({ vendorId }: { vendorId: string }) {
  const { t } = useLingui();
  const { userId } = useStoredUser();
  const price = useVendorPrice(vendorId);
  const { contact, address } = useBookingDetails(userId);
  const { onlinePayment } = usePaymentOptions();
  const toast = useToast();
  const form = useZodForm(bookingForm, { defaultValues: NO_BOOKING });
  // Book again (decision record 043): the completed booking's address, rather than the saved one.
  const routeState: unknown = useLocation().state;
  const again = useMemo(() => bookAgainAddress(routeState), [routeState]);
  useStartingAddress(form, again ?? address);
  // Without a payment gateway (production without keys) only Cash is offered.
  const method: BookingPaymentMethod = onlinePayment ? form.watch('method') : 'cash';
  const whatsapp = useWhatsAppOptIn(contact.phone);
  const billing = useBillingForm();
  const booked = useBookedSlots(vendorId, form.watch('date'));
  const open = useVendorSlots(vendorId, form.watch('date'), form.watch('zip'));
  // A refused GSTIN or legal name is shown at its field (the booking page checks nothing of it before sending).
  const { submit, busyText } = useBookAndPay(() => { void booked.refetch(); void open.refetch(); }, (err) => showServerErrors(billing, err));
  const [choice, setChoice] = useState<JobChoice>({ mode: 'single' });
  const base = choiceBase(choice, price.data ?? 0);

  const send = (customerid: string) => form.handleSubmit(async ({ date, slot, method: _picked, latitude, longitude, ...where }) => {
    // The WhatsApp consent goes with the booking and is stored in its transaction (decision record 038).
    const optIn = whatsapp.field();
    if (optIn === null) return;
    submit({
      Vendorid: vendorId, customerid, serviceDate: date, serviceTime: slot, customer: contact,
      address: { ...where, latitude, longitude }, saveAddress: true, payment: { method }, totalAmount: base + SERVICE_CHARGE, ...billingOf(billing),
      whatsapp: optIn, ...choiceFields(choice),
    }, contact);
  }, () => toast(BOOKING_MSG.chooseSlot, 'warning'));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) toast(BOOKING_MSG.loginToContinue, 'warning');
    else void send(userId)(event);
  };

  return (
    <div className="container py-4">
      <title>{t`Book your service | Nirmaan`}</title>
      <h1 className="h3 mb-1">{BOOKING_MSG.heading}</h1>
      <p className="text-body-secondary mb-4">{BOOKING_MSG.intro}</p>
      {!userId ? <div className="alert alert-warning" role="alert">{BOOKING_MSG.loginToContinue} — <Link to="/login"><Trans>log in</Trans></Link>.</div> : null}
      <form className="row g-4" onSubmit={onSubmit}>
        <div className="col-lg-8 d-flex flex-column gap-4">
          <JobOptions vendorId={vendorId} form={form} choice={choice} onChange={setChoice} />
          {choice.mode !== 'job' ? <DateAndSlot form={form} open={open.data ?? null} taken={booked.data?.booked ?? []} /> : null}
          <ContactFields contact={contact} />
          <AddressFields form={form} />
          <BusinessBilling form={billing} />
          <PaymentChoice method={method} onlinePayment={onlinePayment} onChange={(m) => form.setValue('method', m)} />
          {whatsapp.box}
        </div>
        <PaymentSummary base={base} busyText={busyText} />
      </form>
    </div>
  );
}
