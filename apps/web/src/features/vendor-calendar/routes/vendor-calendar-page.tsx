import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { CalendarRules, DayHours, VendorCalendar } from '@nirmaan/shared/calendar';
import { ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { failureText } from '../../../lib/api.ts';
import { useSaveVendorCalendar, useVendorCalendar } from '../api/vendor-calendar.ts';
import { JobOffersForm } from '../components/job-offers-form.tsx';

/** The week's days, Sunday first (the calendar's `weekly` order). */
function useWeekdays(): string[] {
  const { t } = useLingui();
  return [t`Sunday`, t`Monday`, t`Tuesday`, t`Wednesday`, t`Thursday`, t`Friday`, t`Saturday`];
}
const WORKDAY: DayHours = { open: '09:00', close: '18:00' };
/** What the form starts from when the professional has no calendar yet: Monday to Saturday, 9 to 6. */
const STARTER: CalendarRules = {
  weekly: [null, WORKDAY, WORKDAY, WORKDAY, WORKDAY, WORKDAY, WORKDAY], exceptions: [],
  capacity: 1, jobMinutes: 60, bufferMinutes: 0, travel: false, horizonDays: 90,
};

/** /vendor/calendar: the professional's working hours, leave, teams, buffer, travel and horizon (decision record 037). */
export function Component() {
  const { t } = useLingui();
  const calendar = useVendorCalendar();
  return (
    <div className="d-flex flex-column gap-3">
      <title>{t`Calendar | Nirmaan vendor portal`}</title>
      <h1 className="h4 mb-0"><Trans>Calendar</Trans></h1>
      {calendar.isPending ? <Loading text={t`Loading your calendar...`} />
        : calendar.isError ? <ErrorState>{failureText(calendar.error, t`Your calendar could not be loaded.`)}</ErrorState>
          : <CalendarForm saved={calendar.data} />}
      <JobOffersForm />
    </div>
  );
}

/** One labelled number box. */
function NumberBox({ label, value, onChange, hint, min, max, step = 1 }: { label: string; value: number; onChange: (v: number) => void; hint: string; min: number; max: number; step?: number }) {
  const id = useId();
  return (
    <div className="col-md-3">
      <label htmlFor={id} className="form-label small mb-1">{label}</label>
      <input id={id} type="number" className="form-control form-control-sm" min={min} max={max} step={step} value={value} onChange={(e) => onChange(Number(e.target.value))} />
      <div className="form-text">{hint}</div>
    </div>
  );
}

/** Opening and closing time of one day (or of a dated change). */
function HoursBoxes({ label, hours, onChange }: { label: string; hours: DayHours; onChange: (h: DayHours) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-open`} className="visually-hidden"><Trans>{label} opens</Trans></label>
      <input id={`${id}-open`} type="time" step={1800} className="form-control form-control-sm w-auto" value={hours.open} onChange={(e) => onChange({ ...hours, open: e.target.value })} />
      <span><Trans>to</Trans></span>
      <label htmlFor={`${id}-close`} className="visually-hidden"><Trans>{label} closes</Trans></label>
      <input id={`${id}-close`} type="time" step={1800} className="form-control form-control-sm w-auto" value={hours.close} onChange={(e) => onChange({ ...hours, close: e.target.value })} />
    </>
  );
}

/** Leave (a date off) and one-off hours by date. */
function LeaveFields({ draft, change }: { draft: CalendarRules; change: (patch: Partial<CalendarRules>) => void }) {
  const id = useId();
  const { t } = useLingui();
  const [newDate, setNewDate] = useState('');
  const setException = (date: string, hours: DayHours | null) => change({ exceptions: draft.exceptions.map((e) => (e.date === date ? { date, hours } : e)) });
  const addLeave = () => {
    if (!newDate || draft.exceptions.some((e) => e.date === newDate)) return;
    change({ exceptions: [...draft.exceptions, { date: newDate, hours: null }].sort((a, b) => a.date.localeCompare(b.date)) });
    setNewDate('');
  };
  return (
    <fieldset className="card card-body">
      <legend className="h6"><Trans>Leave and one-off changes</Trans></legend>
      {draft.exceptions.length === 0 ? <p className="small text-body-secondary"><Trans>No dated changes.</Trans></p> : null}
      {draft.exceptions.map((e) => (
        <div key={e.date} className="d-flex flex-wrap align-items-center gap-2 mb-2" data-testid="calendar-exception">
          <span style={{ minWidth: '7rem' }}>{e.date}</span>
          <select aria-label={t`${e.date}: leave or other hours`} className="form-select form-select-sm w-auto" value={e.hours ? 'hours' : 'leave'}
            onChange={(ev) => setException(e.date, ev.target.value === 'leave' ? null : WORKDAY)}>
            <option value="leave">{t`On leave`}</option>
            <option value="hours">{t`Other hours`}</option>
          </select>
          {e.hours ? <HoursBoxes label={e.date} hours={e.hours} onChange={(h) => setException(e.date, h)} /> : null}
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => change({ exceptions: draft.exceptions.filter((x) => x.date !== e.date) })}><Trans>Remove</Trans></button>
        </div>
      ))}
      <div className="d-flex align-items-end gap-2">
        <div>
          <label htmlFor={`${id}-new`} className="form-label small mb-1"><Trans>Leave date</Trans></label>
          <input id={`${id}-new`} type="date" className="form-control form-control-sm" value={newDate} onChange={(e) => setNewDate(e.target.value)} />
        </div>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={addLeave} disabled={!newDate}><Trans>Add leave</Trans></button>
      </div>
    </fieldset>
  );
}

function CalendarForm({ saved }: { saved: VendorCalendar }) {
  const { t } = useLingui();
  const WEEKDAYS = useWeekdays();
  const [draft, setDraft] = useState<CalendarRules>(() => saved.calendar ?? STARTER);
  const save = useSaveVendorCalendar();
  const toast = useToast();
  const change = (patch: Partial<CalendarRules>) => setDraft((d) => ({ ...d, ...patch }));
  const setDay = (i: number, hours: DayHours | null) => change({ weekly: draft.weekly.map((h, j) => (j === i ? hours : h)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: (answer) => { setDraft(answer.calendar ?? STARTER); toast(t`Calendar saved.`, 'success'); },
      onError: (err) => toast(failureText(err, t`Could not save. Please try again.`), 'danger'),
    });
  };
  const useSix = () => save.mutate(null, { onSuccess: () => { setDraft(STARTER); toast(t`Customers now see the six standard slots.`, 'success'); } });
  const leaveId = useId();
  const slots = saved.defaults.slots.join(', ');
  const days = saved.defaults.horizonDays;
  return (
    <form className="d-flex flex-column gap-3" onSubmit={submit} noValidate>
      <p className="mb-0 small" data-testid="calendar-rule">
        {saved.calendar ? <Trans>Customers book the start times your calendar leaves free.</Trans>
          : <Trans>You have no calendar: customers book the six slots ({slots}) every day, up to {days} days ahead, one job at a time.</Trans>}
      </p>
      <fieldset className="card card-body">
        <legend className="h6"><Trans>Weekly hours</Trans></legend>
        {WEEKDAYS.map((name, i) => {
          const hours = draft.weekly[i] ?? null;
          return (
            <div key={i} className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <div className="form-check mb-0" style={{ minWidth: '9rem' }}>
                <input id={`${leaveId}-day-${i}`} type="checkbox" className="form-check-input" checked={hours !== null} onChange={(e) => setDay(i, e.target.checked ? WORKDAY : null)} />
                <label htmlFor={`${leaveId}-day-${i}`} className="form-check-label">{name}</label>
              </div>
              {hours ? <HoursBoxes label={name} hours={hours} onChange={(h) => setDay(i, h)} /> : <span className="text-body-secondary small"><Trans>Day off</Trans></span>}
            </div>
          );
        })}
      </fieldset>
      <LeaveFields draft={draft} change={change} />
      <fieldset className="card card-body">
        <legend className="h6"><Trans>Jobs</Trans></legend>
        <div className="row g-3">
          <NumberBox label={t`Jobs at once`} value={draft.capacity} onChange={(capacity) => change({ capacity })} min={1} max={20} hint={t`How many teams take jobs at the same time.`} />
          <NumberBox label={t`Job length (minutes)`} value={draft.jobMinutes} onChange={(jobMinutes) => change({ jobMinutes })} min={30} max={720} step={30} hint={t`How long one booking takes, in half hours.`} />
          <NumberBox label={t`Buffer (minutes)`} value={draft.bufferMinutes} onChange={(bufferMinutes) => change({ bufferMinutes })} min={0} max={240} hint={t`Kept free between two jobs.`} />
          <NumberBox label={t`Book ahead (days)`} value={draft.horizonDays} onChange={(horizonDays) => change({ horizonDays })} min={1} max={365} hint={t`How far ahead customers may book.`} />
        </div>
        <div className="form-check mt-3">
          <input id={`${leaveId}-travel`} type="checkbox" className="form-check-input" checked={draft.travel} onChange={(e) => change({ travel: e.target.checked })} />
          <label htmlFor={`${leaveId}-travel`} className="form-check-label"><Trans>Keep travel time free between sites</Trans></label>
          <div className="form-text"><Trans>From one site’s pincode to the next at 25 km/h by road, rounded up to quarter hours.</Trans></div>
        </div>
      </fieldset>
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? <Trans>Saving...</Trans> : <Trans>Save calendar</Trans>}</button>
        {saved.calendar ? <button type="button" className="btn btn-outline-secondary" disabled={save.isPending} onClick={useSix}><Trans>Use the six standard slots instead</Trans></button> : null}
      </div>
    </form>
  );
}
