import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const steps = [
  { title: msg`Tell us what you need`, text: msg`Search a material or pick a service category — from cement and TMT bars to architects and plumbers.` },
  { title: msg`Compare verified options`, text: msg`See prices in rupees, ratings from real customers, past projects and vendor stores side by side.` },
  { title: msg`Book or order`, text: msg`Choose a date and time slot for a professional, or add materials to your cart and check out.` },
  { title: msg`Track and review`, text: msg`Follow your orders and bookings, chat with vendors, and rate the work when it is done.` },
];

export function HowItWorks() {
  const { i18n } = useLingui();
  return (
    <section className="section section-muted" aria-labelledby="how-title">
      <div className="container">
        <div className="section-head text-center">
          <h2 id="how-title" className="section-title"><Trans>How It Works</Trans></h2>
          <p className="section-sub"><Trans>From the first search to the finished job, in four simple steps.</Trans></p>
        </div>
        <ol className="steps row g-3 g-lg-4 list-unstyled mb-0">
          {steps.map((s, i) => (
            <li key={s.title.id} className="col-sm-6 col-lg-3">
              <div className="step h-100">
                <span className="step-number" aria-hidden="true">{i + 1}</span>
                <h3 className="h6 fw-bold mt-3 mb-2">{i18n._(s.title)}</h3>
                <p className="mb-0 text-body-secondary small">{i18n._(s.text)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
