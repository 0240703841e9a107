import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { JobOffers } from '@nirmaan/shared/jobs';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useJobOffers, useSaveJobOffers } from '../api/job-offers.ts';

/**
 * The portal Calendar's site visits and multi-day jobs (decision record 042): "site visit first" with its fee, and
 * jobs of several days at a price per day in a daily window. Rupees here, paise on the wire.
 */
export function JobOffersForm() {
  const saved = useJobOffers();
  return saved.data ? <OffersForm saved={saved.data} /> : null;
}

function OffersForm({ saved }: { saved: JobOffers }) {
  const { t } = useLingui();
  const id = useId();
  const save = useSaveJobOffers();
  const toast = useToast();
  const [visit, setVisit] = useState<number | null>(saved.siteVisitFeePaise === null ? null : saved.siteVisitFeePaise / 100);
  const m = saved.multiDay;
  const [multi, setMulti] = useState<{ price: number; maxDays: number; dayStart: string; dayEnd: string } | null>(
    m ? { price: m.pricePerDayPaise / 100, maxDays: m.maxDays, dayStart: m.dayStart, dayEnd: m.dayEnd } : null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const offers: JobOffers = {
      siteVisitFeePaise: visit === null ? null : Math.round(visit * 100),
      multiDay: multi ? { pricePerDayPaise: Math.round(multi.price * 100), maxDays: multi.maxDays, dayStart: multi.dayStart, dayEnd: multi.dayEnd } : null,
    };
    save.mutate(offers, {
      onSuccess: () => toast(t`Site visits and multi-day jobs saved.`, 'success'),
      onError: (err) => toast(failureText(err, t`Could not save. Please try again.`), 'danger'),
    });
  };
  const box = 'form-control form-control-sm';
  return (
    <form className="card card-body d-flex flex-column gap-2" onSubmit={submit} noValidate aria-label={t`Site visits and multi-day jobs`}>
      <h2 className="h6 mb-0"><Trans>Site visits and multi-day jobs</Trans></h2>
      <div className="form-check">
        <input id={`${id}-visit`} type="checkbox" className="form-check-input" checked={visit !== null} onChange={(e) => setVisit(e.target.checked ? 500 : null)} />
        <label htmlFor={`${id}-visit`} className="form-check-label"><Trans>Site visit first: customers book a paid visit, then you send a quote</Trans></label>
      </div>
      {visit !== null ? (
        <div style={{ maxWidth: '12rem' }}>
          <label htmlFor={`${id}-fee`} className="form-label small mb-1"><Trans>Visit fee (₹)</Trans></label>
          <input id={`${id}-fee`} type="number" min={1} className={box} value={visit} onChange={(e) => setVisit(Number(e.target.value))} />
          <div className="form-text"><Trans>Taken off the job if the customer accepts your quote.</Trans></div>
        </div>
      ) : null}
      <div className="form-check">
        <input id={`${id}-multi`} type="checkbox" className="form-check-input" checked={multi !== null}
          onChange={(e) => setMulti(e.target.checked ? { price: 2000, maxDays: 5, dayStart: '09:00', dayEnd: '16:00' } : null)} />
        <label htmlFor={`${id}-multi`} className="form-check-label"><Trans>Take jobs of several days</Trans></label>
      </div>
      {multi ? (
        <div className="row g-2">
          <div className="col-sm-3">
            <label htmlFor={`${id}-price`} className="form-label small mb-1"><Trans>Price per day (₹)</Trans></label>
            <input id={`${id}-price`} type="number" min={1} className={box} value={multi.price} onChange={(e) => setMulti({ ...multi, price: Number(e.target.value) })} />
          </div>
          <div className="col-sm-3">
            <label htmlFor={`${id}-max`} className="form-label small mb-1"><Trans>At most (days)</Trans></label>
            <input id={`${id}-max`} type="number" min={2} max={30} className={box} value={multi.maxDays} onChange={(e) => setMulti({ ...multi, maxDays: Number(e.target.value) })} />
          </div>
          <div className="col-sm-6">
            <span className="form-label small mb-1 d-block"><Trans>Daily window</Trans></span>
            <div className="d-flex gap-2 align-items-center">
              <input aria-label={t`Starts`} type="time" step={1800} className={`${box} w-auto`} value={multi.dayStart} onChange={(e) => setMulti({ ...multi, dayStart: e.target.value })} />
              <span><Trans>to</Trans></span>
              <input aria-label={t`Ends`} type="time" step={1800} className={`${box} w-auto`} value={multi.dayEnd} onChange={(e) => setMulti({ ...multi, dayEnd: e.target.value })} />
            </div>
            <div className="form-text"><Trans>Within your working hours; days off are skipped.</Trans></div>
          </div>
        </div>
      ) : null}
      <button type="submit" className="btn btn-sm btn-primary align-self-start" disabled={save.isPending}><Trans>Save site visits and jobs</Trans></button>
    </form>
  );
}
