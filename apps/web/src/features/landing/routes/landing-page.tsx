import { Link } from 'react-router';
import { Hero } from '../components/hero.tsx';
import { HowItWorks } from '../components/how-it-works.tsx';
import { CategoryGrid } from '../components/category-grid.tsx';
import { popularMaterials, popularServices } from '../popular.ts';

export function Component() {
  return (
    <>
      <title>Nirmaan — Hire construction professionals and buy building materials</title>
      <Hero />
      <HowItWorks />
      <CategoryGrid
        id="services-title"
        title="Services"
        subtitle="Verified professionals for every stage of your build."
        entries={popularServices}
        basePath="/service"
      />
      <CategoryGrid
        id="materials-title"
        title="Construction Materials"
        subtitle="Quality materials from trusted vendors, delivered to your site."
        entries={popularMaterials}
        basePath="/product"
        muted
      />
      <section className="section cta-band" aria-labelledby="cta-title">
        <div className="container text-center">
          <h2 id="cta-title" className="section-title text-white">Ready to start building?</h2>
          <p className="cta-text">Create a free account to book professionals, order materials and track everything in one place.</p>
          <div className="d-flex flex-wrap justify-content-center gap-2">
            <Link to="/signup" className="btn btn-light btn-lg px-4">Create an account</Link>
            <Link to="/Category" className="btn btn-outline-light btn-lg px-4">Explore categories</Link>
          </div>
        </div>
      </section>
    </>
  );
}
