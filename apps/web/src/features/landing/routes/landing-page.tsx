import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Hero } from '../components/hero.tsx';
import { HowItWorks } from '../components/how-it-works.tsx';
import { CategoryGrid } from '../components/category-grid.tsx';
import { popularMaterials, popularServices } from '../popular.ts';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <title>{t`Nirmaan — Hire construction professionals and buy building materials`}</title>
      <Hero />
      <HowItWorks />
      <CategoryGrid
        id="services-title"
        title={t`Services`}
        subtitle={t`Verified professionals for every stage of your build.`}
        entries={popularServices}
        basePath="/service"
      />
      <CategoryGrid
        id="materials-title"
        title={t`Construction Materials`}
        subtitle={t`Quality materials from trusted vendors, delivered to your site.`}
        entries={popularMaterials}
        basePath="/product"
        muted
      />
      <section className="section cta-band" aria-labelledby="cta-title">
        <div className="container text-center">
          <h2 id="cta-title" className="section-title text-white">{t`Ready to start building?`}</h2>
          <p className="cta-text"><Trans>Create a free account to book professionals, order materials and track everything in one place.</Trans></p>
          <div className="d-flex flex-wrap justify-content-center gap-2">
            <Link to="/signup" className="btn btn-light btn-lg px-4">{t`Create an account`}</Link>
            <Link to="/Category" className="btn btn-outline-light btn-lg px-4">{t`Explore categories`}</Link>
          </div>
        </div>
      </section>
    </>
  );
}
