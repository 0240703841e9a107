import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CategoryTile } from '../../../components/ui/category-tile.tsx';
import { term } from '../../../lib/terms.ts';
import { pillars, reasons, serviceHighlights, stats, team, testimonials } from '../content.ts';

const initials = (name: string) => name.split(' ').map((p) => p.charAt(0)).join('');

/** The About page: who we are, why customers come, what we offer, who says so, who leads, and our promise. */
export function Component() {
  const { t } = useLingui();
  return (
    <>
      <title>{t`About — Nirmaan`}</title>
      <AboutHero />
      <Challenge />
      <Mission />
      <Reasons />
      <Services />
      <Testimonials />
      <Team />
      <OurPromise />
      <DataCredits />
    </>
  );
}

/** A page section with its container; `muted` gives it the tinted background. */
function Section({ id, muted = false, children }: { id: string; muted?: boolean; children: ReactNode }) {
  return (
    <section className={muted ? 'section section-muted' : 'section'} aria-labelledby={id}>
      <div className="container">{children}</div>
    </section>
  );
}

/** A centred section heading. */
function CentredHead({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="section-head text-center">
      <h2 id={id} className="section-title">{title}</h2>
      {children}
    </div>
  );
}

function AboutHero() {
  return (
    <section className="hero hero-compact" aria-labelledby="about-title">
      <div className="container text-center">
        <p className="eyebrow"><Trans>About Nirmaan</Trans></p>
        <h1 id="about-title" className="hero-title"><Trans>Building India, one home at a time</Trans></h1>
        <p className="lead hero-lead mx-auto">
          <Trans>
            We connect homeowners and project owners with verified construction professionals and quality
            building materials — so building is simpler, fairer and on time.
          </Trans>
        </p>
      </div>
    </section>
  );
}

function Challenge() {
  const { i18n } = useLingui();
  return (
    <Section id="challenge-title">
      <div className="row g-4 g-lg-5">
        <div className="col-lg-5">
          <h2 id="challenge-title" className="section-title"><Trans>The challenge we solve</Trans></h2>
        </div>
        <div className="col-lg-7">
          <p>
            <Trans>
              Building or renovating a home in India usually means dozens of phone calls, word-of-mouth
              recommendations, unclear quotes and trips between dealers for every bag of cement. Skilled
              workers struggle to find steady work, and customers struggle to find people they can trust.
            </Trans>
          </p>
          <p className="mb-0">
            <Trans>
              Nirmaan brings both sides together: customers see verified profiles, real reviews and clear
              prices; professionals and vendors reach customers who are ready to build.
            </Trans>
          </p>
        </div>
      </div>
      <h2 id="pillars-title" className="section-title mt-5 mb-4"><Trans>Our three pillars</Trans></h2>
      <ol className="row g-3 list-unstyled mb-0" aria-labelledby="pillars-title">
        {pillars.map((p, i) => (
          <li key={p.title.id} className="col-md-4">
            <div className="pillar h-100">
              <span className="pillar-number" aria-hidden="true">0{i + 1}</span>
              <h3 className="h6 fw-bold mb-1">{i18n._(p.title)}</h3>
              <p className="mb-0 small text-body-secondary">{i18n._(p.text)}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Mission() {
  const { i18n } = useLingui();
  return (
    <section className="section section-muted" aria-labelledby="mission-title">
      <div className="container text-center">
        <h2 id="mission-title" className="section-title"><Trans>Our mission</Trans></h2>
        <p className="mission-text mx-auto">
          <Trans>
            To make quality construction accessible to every Indian family — by giving skilled craftsmen the
            recognition and steady work they deserve, and giving customers the confidence that their home is
            built right.
          </Trans>
        </p>
        <dl className="about-stats">
          {stats.map((s) => (
            <div key={s.label.id} className="about-stat">
              <dt className="about-stat-label">{i18n._(s.label)}</dt>
              <dd className="about-stat-value mb-0">{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function Reasons() {
  const { i18n, t } = useLingui();
  return (
    <Section id="reasons-title">
      <CentredHead id="reasons-title" title={t`Why customers choose Nirmaan`} />
      <ul className="row g-3 list-unstyled mb-0">
        {reasons.map((r) => (
          <li key={r.title.id} className="col-sm-6 col-lg-3">
            <div className="reason h-100">
              <span className="reason-check" aria-hidden="true">✓</span>
              <h3 className="h6 fw-bold mb-1">{i18n._(r.title)}</h3>
              <p className="mb-0 small text-body-secondary">{i18n._(r.text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Services() {
  const { i18n } = useLingui();
  return (
    <Section id="services-title" muted>
      <div className="section-head d-flex flex-wrap align-items-end justify-content-between gap-2">
        <h2 id="services-title" className="section-title mb-0"><Trans>Services we offer</Trans></h2>
        <Link to="/Category" className="link-arrow"><Trans>All categories</Trans></Link>
      </div>
      <ul className="row g-3 list-unstyled mb-0">
        {serviceHighlights.map((s) => (
          <li key={s.slug} className="col-6 col-lg-4">
            <CategoryTile row to={`/service?search=${encodeURIComponent(s.name)}`} slug={s.slug} name={term(i18n, s.name)} text={i18n._(s.text)} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Testimonials() {
  const { i18n, t } = useLingui();
  return (
    <Section id="testimonials-title">
      <CentredHead id="testimonials-title" title={t`What our customers say`}>
        <p className="section-sub"><Trans>Sample stories from homeowners who built with Nirmaan.</Trans></p>
      </CentredHead>
      <ul className="row g-3 list-unstyled mb-0">
        {testimonials.map((story) => (
          <li key={story.name} className="col-md-4">
            <figure className="testimonial h-100 mb-0">
              <blockquote className="mb-3"><p className="mb-0">“{i18n._(story.quote)}”</p></blockquote>
              <figcaption className="small">
                <strong className="d-block">{story.name}</strong>
                <span className="text-body-secondary">{i18n._(story.place)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Team() {
  const { i18n, t } = useLingui();
  return (
    <Section id="team-title" muted>
      <CentredHead id="team-title" title={t`Leadership team`} />
      <ul className="row g-3 justify-content-center list-unstyled mb-0">
        {team.map((m) => (
          <li key={m.name} className="col-sm-6 col-lg-4">
            <div className="team-member h-100 text-center">
              <span className="team-avatar" aria-hidden="true">{initials(m.name)}</span>
              <h3 className="h6 fw-bold mb-0 mt-3">{m.name}</h3>
              <p className="small text-primary-emphasis fw-semibold mb-2">{i18n._(m.role)}</p>
              <p className="small text-body-secondary mb-0">{i18n._(m.bio)}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function OurPromise() {
  return (
    <section className="section cta-band" aria-labelledby="promise-title">
      <div className="container text-center">
        <h2 id="promise-title" className="section-title text-white"><Trans>Our promise</Trans></h2>
        <p className="cta-text">
          <Trans>
            Honest prices, verified people and support that stays with you until the last brick is laid.
            If something goes wrong, we make it right.
          </Trans>
        </p>
        <Link to="/Category" className="btn btn-light btn-lg px-4"><Trans>Start your project</Trans></Link>
      </div>
    </section>
  );
}

/** Credit for the open data we use (CC BY 4.0 asks for it where the data is used). */
function DataCredits() {
  const { t } = useLingui();
  return (
    <section className="container py-4 small text-body-secondary" aria-label={t`Data credits`}>
      <p className="mb-0" data-testid="data-credits">
        <Trans>
          Pincodes, districts and their locations: postal codes of India from{' '}
          <a href="https://www.geonames.org/" rel="noopener">GeoNames</a>, licensed under{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener license">CC BY 4.0</a>.
        </Trans>
      </p>
    </section>
  );
}
