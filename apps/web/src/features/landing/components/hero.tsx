import { Link } from 'react-router';

const stats = [
  { value: '10,000+', label: 'Professionals' },
  { value: '5,000+', label: 'Projects' },
  { value: '25+', label: 'Cities' },
];

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container">
        <div className="row align-items-end g-4">
          <div className="col-lg-7">
            <p className="eyebrow">India’s construction marketplace</p>
            <h1 id="hero-title" className="hero-title">Build Your Future</h1>
            <p className="lead hero-lead mb-0">
              Connect with the best civil engineering professionals and take your projects to the next level —
              and get cement, steel and every other material delivered to your site.
            </p>
          </div>
          <div className="col-lg-5">
            <div className="d-flex flex-wrap gap-2 justify-content-lg-end">
              <Link to="/login" className="btn btn-primary btn-lg px-4">Get Started</Link>
              <Link to="/Category" className="btn btn-outline-secondary btn-lg px-4">Browse categories</Link>
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
            alt="Homes and buildings under construction, with a crane and scaffolding"
          />
          <dl className="hero-stats">
            {stats.map((s) => (
              <div key={s.label} className="hero-stat">
                <dt className="hero-stat-label">{s.label}</dt>
                <dd className="hero-stat-value mb-0">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
