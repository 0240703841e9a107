import { Link } from 'react-router';
import { useAccountDisplay } from '../lib/session.ts';

const exploreLinks = [
  { to: '/about', label: 'About' },
  { to: '/Category', label: 'Categories' },
  { to: '/product', label: 'Materials' },
  { to: '/service', label: 'Services' },
];
const popularLinks = [
  { to: '/product?search=Cement', label: 'Cement' },
  { to: '/product?search=Steel', label: 'Steel' },
  { to: '/service?search=Plumber', label: 'Plumbers' },
  { to: '/service?search=Electrician', label: 'Electricians' },
];
const visitorLinks = [
  { to: '/login', label: 'Login' },
  { to: '/signup', label: 'Sign up' },
  { to: '/cart', label: 'Cart' },
];
const customerLinks = [
  { to: '/profile', label: 'My profile' },
  { to: '/myorder', label: 'My orders' },
  { to: '/requests', label: 'My requests' },
  { to: '/cart', label: 'Cart' },
];

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div className="col-6 col-md-3 col-lg-2">
      <h2 className="footer-heading">{title}</h2>
      <ul className="list-unstyled mb-0">
        {links.map((l) => (
          <li key={l.to}><Link className="footer-link" to={l.to}>{l.label}</Link></li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { isLoggedIn } = useAccountDisplay();
  return (
    <footer className="site-footer">
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-12 col-lg-4">
            <Link className="brand brand-light mb-3" to="/">
              <span className="brand-mark" aria-hidden="true">N</span>
              Nirmaan
            </Link>
            <p className="mb-0 footer-text">
              Verified civil engineers, contractors and craftsmen, and quality building materials from trusted
              vendors — everything your project needs, in one place.
            </p>
          </div>
          <LinkColumn title="Explore" links={exploreLinks} />
          <LinkColumn title="Popular" links={popularLinks} />
          <LinkColumn title="Account" links={isLoggedIn ? customerLinks : visitorLinks} />
          <div className="col-6 col-md-3 col-lg-2">
            <h2 className="footer-heading">Contact</h2>
            <address className="mb-0">
              <a className="footer-link" href="tel:+914045678900">+91 40 4567 8900</a>
              <a className="footer-link" href="mailto:support@nirmaan.in">support@nirmaan.in</a>
              <span className="footer-text d-block">Hyderabad, Telangana</span>
            </address>
          </div>
        </div>
        <hr className="footer-rule" />
        <p className="small mb-0 footer-text">© 2026 Nirmaan. All rights reserved.</p>
      </div>
    </footer>
  );
}
