import { Link } from 'react-router';
import { vendorNavFor } from '../nav.ts';
import { useVendor } from '../use-vendor.ts';

/** The portal's front page: who is logged in and the way to each section. */
export function Component() {
  const vendor = useVendor();
  const sections = vendorNavFor(vendor.kind).filter((item) => item.to !== '/vendor');
  return (
    <section className="container">
      <h1 className="h3">Welcome, {vendor.Owner_name}</h1>
      <p className="text-body-secondary">{vendor.Business_Name} · {vendor.Category} · {vendor.city}</p>
      {sections.length > 0 && (
        <div className="row g-3 mt-2">
          {sections.map((s) => (
            <div className="col-sm-6 col-lg-3" key={s.to}>
              <Link to={s.to} className="card h-100 text-decoration-none"><div className="card-body fw-semibold">{s.label}</div></Link>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
