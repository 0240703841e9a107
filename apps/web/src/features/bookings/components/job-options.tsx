import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId } from 'react';
import { formatDate } from '@nirmaan/shared/dates';
import { formatPaise } from '@nirmaan/shared/money';
import { useJobSlots } from '../api/jobs.ts';
import type { BookingForm } from '../booking-form.ts';

/** What the customer books: one slot (the spec's booking), a paid site visit, or a multi-day job of `days` days. */
export type JobChoice = { mode: 'single' } | { mode: 'visit'; feePaise: number } | { mode: 'job'; days: number; pricePerDayPaise: number };

/** The base price, in rupees, of what is chosen (the professional's own for one slot). */
export function choiceBase(choice: JobChoice, base: number): number {
  if (choice.mode === 'visit') return choice.feePaise / 100;
  if (choice.mode === 'job') return (choice.pricePerDayPaise * choice.days) / 100;
  return base;
}

/** The booking body's optional fields for the choice (decision record 042). */
export const choiceFields = (choice: JobChoice) => (choice.mode === 'visit' ? { siteVisit: true } : choice.mode === 'job' ? { days: choice.days } : {});

/**
 * The booking page's choice where the professional offers it: one visit, a paid site visit before a quote, or a
 * multi-day job (how many days, and a start date where all of them are free). Shows nothing when neither is offered.
 */
export function JobOptions({ vendorId, form, choice, onChange }: { vendorId: string; form: BookingForm; choice: JobChoice; onChange: (c: JobChoice) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const days = choice.mode === 'job' ? choice.days : null;
  const slots = useJobSlots(vendorId, days);
  const offers = slots.data?.offers;
  const multi = offers?.multiDay ?? null;
  const job = slots.data?.job;
  const starts = job?.starts ?? [];
  // A multi-day job starts at the professional's daily start on the date chosen below.
  useEffect(() => {
    if (choice.mode === 'job' && multi) {
      form.setValue('slot', multi.dayStartTime);
      if (!(job?.starts ?? []).some((s) => s.date === form.getValues('date'))) form.setValue('date', '');
    }
  }, [choice.mode, multi, job, form]);
  if (!offers || (offers.siteVisitFeePaise === null && !multi)) return null;

  const pick = (mode: JobChoice['mode']) => {
    if (mode === 'visit' && offers.siteVisitFeePaise !== null) onChange({ mode, feePaise: offers.siteVisitFeePaise });
    else if (mode === 'job' && multi) onChange({ mode, days: 2, pricePerDayPaise: multi.pricePerDayPaise });
    else {
      onChange({ mode: 'single' });
      form.setValue('slot', '');
    }
  };
  const radio = (mode: JobChoice['mode'], label: string) => (
    <div className="form-check">
      <input id={`${id}-${mode}`} type="radio" name={`${id}-mode`} className="form-check-input" checked={choice.mode === mode} onChange={() => pick(mode)} />
      <label htmlFor={`${id}-${mode}`} className="form-check-label">{label}</label>
    </div>
  );
  const selected = starts.find((s) => s.date === form.watch('date'));

  return (
    <fieldset className="card card-body" data-testid="job-options">
      <legend className="h6"><Trans>What do you need?</Trans></legend>
      {radio('single', t`One visit`)}
      {offers.siteVisitFeePaise !== null ? radio('visit', t`A site visit first (${formatPaise(offers.siteVisitFeePaise)}), then a quote; the fee is taken off the job if you accept`) : null}
      {multi ? radio('job', t`A job of several days (${formatPaise(multi.pricePerDayPaise)} a day)`) : null}
      {choice.mode === 'job' && multi ? (
        <div className="row g-2 mt-2">
          <div className="col-sm-4">
            <label htmlFor={`${id}-days`} className="form-label small mb-1"><Trans>Working days</Trans></label>
            <input id={`${id}-days`} type="number" className="form-control form-control-sm" min={2} max={multi.maxDays} value={choice.days}
              onChange={(e) => onChange({ ...choice, days: Math.min(multi.maxDays, Math.max(2, Number(e.target.value) || 2)) })} />
          </div>
          <div className="col-sm-8">
            <label htmlFor={`${id}-start`} className="form-label small mb-1"><Trans>Start date</Trans></label>
            <select id={`${id}-start`} className="form-select form-select-sm" value={form.watch('date')} onChange={(e) => form.setValue('date', e.target.value)}>
              <option value="">{slots.isFetching ? t`Finding free days...` : t`Choose a start date`}</option>
              {starts.map((s) => <option key={s.date} value={s.date}>{formatDate(`${s.date}T00:00:00+05:30`, i18n.locale)}</option>)}
            </select>
          </div>
          <p className="small text-body-secondary mb-0">
            <Trans>Each day from {multi.dayStartTime}. Days off are skipped.</Trans>
            {selected ? <> <Trans>Your days:</Trans> {selected.days.map((d) => formatDate(`${d}T00:00:00+05:30`, i18n.locale)).join(', ')}</> : null}
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}
