import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const stats = [
  { value: '10,000+', label: msg`Professionals` },
  { value: '5,000+', label: msg`Projects` },
  { value: '25+', label: msg`Cities` },
];

export function Hero() {
  const { i18n, t } = useLingui();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container">
        <div className="row align-items-end g-4">
          <div className="col-lg-7">
            <p className="eyebrow"><Trans>India’s construction marketplace</Trans></p>
            <h1 id="hero-title" className="hero-title"><Trans>Build Your Future</Trans></h1>
            <p className="lead hero-lead mb-0">
              <Trans>
                Connect with the best civil engineering professionals and take your projects to the next level —
                and get cement, steel and every other material delivered to your site.
              </Trans>
            </p>
          </div>
          <div className="col-lg-5">
            <div className="d-flex flex-wrap gap-2 justify-content-lg-end">
              <Link to="/login" className="btn btn-primary btn-lg px-4">{t`Get Started`}</Link>
              <Link to="/Category" className="btn btn-outline-secondary btn-lg px-4">{t`Browse categories`}</Link>
            </div>
          </div>
        </div>
        <div className="hero-visual">
          <img
            className="hero-image"
            src="/images/hero.svg"
            width={1200}
            height={480}
            fetchPriority="high"
            alt={t`Homes and buildings under construction, with a crane and scaffolding`}
          />
          <dl className="hero-stats">
            {stats.map((s) => (
              <div key={s.value} className="hero-stat">
                <dt className="hero-stat-label">{i18n._(s.label)}</dt>
                <dd className="hero-stat-value mb-0">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
