import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { formatPaise } from '@nirmaan/shared/money';
import type { RescheduleInfo } from '@nirmaan/shared/booking';
import { useZodForm } from '../../../components/ui/form.tsx';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useStoredUser } from '../../../lib/session.ts';
import { useBookedSlots, useVendorSlots } from '../api/bookings.ts';
import { useRescheduleInfo } from '../api/reschedule.ts';
import { DateAndSlot } from '../components/booking-parts.tsx';
import { MoveJob, useMoveThenPay } from '../components/move-job.tsx';
import { NO_BOOKING, bookingForm } from '../booking-form.ts';

/** /bookings/:id/reschedule: move a booking to another of the professional's bookable slots (decision record 041). */
export function Component() {
  const { id = '' } = useParams();
  const { userId } = useStoredUser();
  if (!userId) {
    return (
      <div className="container py-5 text-center">
        <p><Trans>Please log in to reschedule your booking.</Trans></p>
        <Link to="/login" className="btn btn-primary"><Trans>Log in</Trans></Link>
      </div>
    );
  }
  return <Reschedule id={id} />;
}

function Reschedule({ id }: { id: string }) {
  const { t } = useLingui();
  const info = useRescheduleInfo(id);
  if (info.isPending) return <Loading text={t`Loading your booking...`} />;
  if (info.isError) return <div className="container py-4"><ErrorState>{failureText(info.error, t`Your booking could not be loaded. Please try again.`)}</ErrorState></div>;
  // A multi-day job moves whole or a day at a time (decision record 044).
  return info.data.booking.days ? <MoveJob info={info.data} /> : <ChooseSlot info={info.data} />;
}

function Terms({ info }: { info: RescheduleInfo }) {
  const hours = info.freeHours;
  const fee = formatPaise(info.feePaise);
  switch (info.terms) {
    case 'free': return <p className="alert alert-success py-2" role="status"><Trans>Rescheduling is free until {hours} hours before the start.</Trans></p>;
    case 'fee': return <p className="alert alert-warning py-2" role="status"><Trans>Your booking starts within {hours} hours: rescheduling now costs {fee}, paid online. The new time is held for 30 minutes while you pay.</Trans></p>;
    case 'cash': return <p className="alert alert-danger py-2" role="alert"><Trans>Your booking starts within {hours} hours and is paid in cash: it can no longer be rescheduled here. Please contact the professional.</Trans></p>;
    default: return <p className="alert alert-secondary py-2" role="alert"><Trans>This booking has started or ended and can no longer be rescheduled.</Trans></p>;
  }
}

function ChooseSlot({ info }: { info: RescheduleInfo }) {
  const { t } = useLingui();
  const b = info.booking;
  const form = useZodForm(bookingForm, { defaultValues: NO_BOOKING });
  const date = form.watch('date');
  const booked = useBookedSlots(b.Vendorid, date);
  const open = useVendorSlots(b.Vendorid, date, b.address.zip ?? '');
  const { submit: move, busy, paying } = useMoveThenPay(b._id);
  const toast = useToast();
  const canMove = info.terms === 'free' || info.terms === 'fee';

  const submit = form.handleSubmit(({ date: serviceDate, slot: serviceTime }) => move({ serviceDate, serviceTime }), () => toast(t`Please choose a date and a time.`, 'warning'));

  return (
    <section className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h3"><Trans>Reschedule your booking</Trans></h1>
      <p data-testid="current-slot"><Trans>{b.vendorName}, now booked on {b.serviceDate} at {b.serviceTime}.</Trans></p>
      <Terms info={info} />
      {canMove ? (
        <form onSubmit={(e) => void submit(e)} className="d-flex flex-column gap-3">
          <DateAndSlot form={form} open={open.data ?? null} taken={booked.data?.booked ?? []} />
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {paying ? <Trans>Paying...</Trans> : info.terms === 'fee' ? <Trans>Reschedule and pay {formatPaise(info.feePaise)}</Trans> : <Trans>Reschedule to this time</Trans>}
            </button>
            <Link to="/myorder" className="btn btn-outline-secondary"><Trans>Keep my booking</Trans></Link>
          </div>
        </form>
      ) : <Link to="/myorder" className="btn btn-outline-secondary"><Trans>Back to My orders</Trans></Link>}
    </section>
  );
}
