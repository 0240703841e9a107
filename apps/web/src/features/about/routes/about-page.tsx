import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CategoryTile } from '../../../components/ui/category-tile.tsx';
import { pillars, reasons, serviceHighlights, stats, team, testimonials } from '../content.ts';

const initials = (name: string) => name.split(' ').map((p) => p.charAt(0)).join('');

/** The About page: who we are, why customers come, what we offer, who says so, who leads, and our promise. */
export function Component() {
  return (
    <>
      <title>About — Nirmaan</title>
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
        <p className="eyebrow">About Nirmaan</p>
        <h1 id="about-title" className="hero-title">Building India, one home at a time</h1>
        <p className="lead hero-lead mx-auto">
          We connect homeowners and project owners with verified construction professionals and quality
          building materials — so building is simpler, fairer and on time.
        </p>
      </div>
    </section>
  );
}

function Challenge() {
  return (
    <Section id="challenge-title">
      <div className="row g-4 g-lg-5">
        <div className="col-lg-5">
          <h2 id="challenge-title" className="section-title">The challenge we solve</h2>
        </div>
        <div className="col-lg-7">
          <p>
            Building or renovating a home in India usually means dozens of phone calls, word-of-mouth
            recommendations, unclear quotes and trips between dealers for every bag of cement. Skilled
            workers struggle to find steady work, and customers struggle to find people they can trust.
          </p>
          <p className="mb-0">
            Nirmaan brings both sides together: customers see verified profiles, real reviews and clear
            prices; professionals and vendors reach customers who are ready to build.
          </p>
        </div>
      </div>
      <h2 id="pillars-title" className="section-title mt-5 mb-4">Our three pillars</h2>
      <ol className="row g-3 list-unstyled mb-0" aria-labelledby="pillars-title">
        {pillars.map((p, i) => (
          <li key={p.title} className="col-md-4">
            <div className="pillar h-100">
              <span className="pillar-number" aria-hidden="true">0{i + 1}</span>
              <h3 className="h6 fw-bold mb-1">{p.title}</h3>
              <p className="mb-0 small text-body-secondary">{p.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Mission() {
  return (
    <section className="section section-muted" aria-labelledby="mission-title">
      <div className="container text-center">
        <h2 id="mission-title" className="section-title">Our mission</h2>
        <p className="mission-text mx-auto">
          To make quality construction accessible to every Indian family — by giving skilled craftsmen the
          recognition and steady work they deserve, and giving customers the confidence that their home is
          built right.
        </p>
        <dl className="about-stats">
          {stats.map((s) => (
            <div key={s.label} className="about-stat">
              <dt className="about-stat-label">{s.label}</dt>
              <dd className="about-stat-value mb-0">{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function Reasons() {
  return (
    <Section id="reasons-title">
      <CentredHead id="reasons-title" title="Why customers choose Nirmaan" />
      <ul className="row g-3 list-unstyled mb-0">
        {reasons.map((r) => (
          <li key={r.title} className="col-sm-6 col-lg-3">
            <div className="reason h-100">
              <span className="reason-check" aria-hidden="true">✓</span>
              <h3 className="h6 fw-bold mb-1">{r.title}</h3>
              <p className="mb-0 small text-body-secondary">{r.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Services() {
  return (
    <Section id="services-title" muted>
      <div className="section-head d-flex flex-wrap align-items-end justify-content-between gap-2">
        <h2 id="services-title" className="section-title mb-0">Services we offer</h2>
        <Link to="/Category" className="link-arrow">All categories</Link>
      </div>
      <ul className="row g-3 list-unstyled mb-0">
        {serviceHighlights.map((s) => (
          <li key={s.slug} className="col-6 col-lg-4">
            <CategoryTile row to={`/service?search=${encodeURIComponent(s.name)}`} slug={s.slug} name={s.name} text={s.text} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Testimonials() {
  return (
    <Section id="testimonials-title">
      <CentredHead id="testimonials-title" title="What our customers say">
        <p className="section-sub">Sample stories from homeowners who built with Nirmaan.</p>
      </CentredHead>
      <ul className="row g-3 list-unstyled mb-0">
        {testimonials.map((t) => (
          <li key={t.name} className="col-md-4">
            <figure className="testimonial h-100 mb-0">
              <blockquote className="mb-3"><p className="mb-0">“{t.quote}”</p></blockquote>
              <figcaption className="small">
                <strong className="d-block">{t.name}</strong>
                <span className="text-body-secondary">{t.place}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Team() {
  return (
    <Section id="team-title" muted>
      <CentredHead id="team-title" title="Leadership team" />
      <ul className="row g-3 justify-content-center list-unstyled mb-0">
        {team.map((m) => (
          <li key={m.name} className="col-sm-6 col-lg-4">
            <div className="team-member h-100 text-center">
              <span className="team-avatar" aria-hidden="true">{initials(m.name)}</span>
              <h3 className="h6 fw-bold mb-0 mt-3">{m.name}</h3>
              <p className="small text-primary-emphasis fw-semibold mb-2">{m.role}</p>
              <p className="small text-body-secondary mb-0">{m.bio}</p>
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
        <h2 id="promise-title" className="section-title text-white">Our promise</h2>
        <p className="cta-text">
          Honest prices, verified people and support that stays with you until the last brick is laid.
          If something goes wrong, we make it right.
        </p>
        <Link to="/Category" className="btn btn-light btn-lg px-4">Start your project</Link>
      </div>
    </section>
  );
}

/** Credit for the open data we use (CC BY 4.0 asks for it where the data is used). */
function DataCredits() {
  return (
    <section className="container py-4 small text-body-secondary" aria-label="Data credits">
      <p className="mb-0" data-testid="data-credits">
        Pincodes, districts and their locations: postal codes of India from{' '}
        <a href="https://www.geonames.org/" rel="noopener">GeoNames</a>, licensed under{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener license">CC BY 4.0</a>.
      </p>
    </section>
  );
}
