import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from 'react-router';
import type { VendorProfile } from '@nirmaan/shared/api';
import { MSG } from '@nirmaan/shared/messages';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatRupees } from '@nirmaan/shared/money';
import { useStoredUser } from '../../../lib/session.ts';
import { useVendorProfile, useVendorProjects, useVendorReviews } from '../api/services.ts';
import { ProjectsGrid } from '../components/projects-grid.tsx';
import { VendorAvatar } from '../components/vendor-avatar.tsx';
import { VendorReviews } from '../components/vendor-reviews.tsx';

/** Vendor profile: /service/details/{id} (the spec's screens). */
export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const profile = useVendorProfile(id);

  if (profile.isPending) return <Loading text={MSG.loadingServiceDetails} />;
  if (profile.isError) {
    return (
      <div className="container py-5">
        <title>{t`No vendor found | Nirmaan`}</title>
        <h1 className="visually-hidden"><Trans>Vendor profile</Trans></h1>
        <EmptyState>{MSG.noVendorFound}</EmptyState>
      </div>
    );
  }
  return <VendorView vendor={profile.data} />;
}

function VendorView({ vendor }: { vendor: VendorProfile }) {
  const { t } = useLingui();
  const projects = useVendorProjects(vendor._id);
  const reviews = useVendorReviews(vendor._id);
  return (
    <div className="catalogue-page">
      <title>{`${vendor.Business_Name} — ${vendor.Category} | Nirmaan`}</title>
      <VendorHero vendor={vendor} />
      <div className="container py-4 d-flex flex-column gap-4">
        <VendorAbout vendor={vendor} />
        <section aria-labelledby="projects-heading">
          <h2 id="projects-heading" className="h5 mb-3"><Trans>Recent Projects</Trans></h2>
          {projects.isPending ? (
            <Loading text={t`Loading projects...`} />
          ) : projects.isError ? (
            <ErrorState><Trans>Projects could not be loaded.</Trans></ErrorState>
          ) : (
            <ProjectsGrid projects={projects.data} />
          )}
        </section>

        <VendorReviews vendorId={vendor._id} reviews={reviews.data} status={reviews.status} />
      </div>
    </div>
  );
}

/** Who the professional is, with "Hire Now" (the booking page) and "Message" (chat, for a logged-in customer). */
function VendorHero({ vendor }: { vendor: VendorProfile }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { isLoggedIn } = useStoredUser();
  const hire = () => {
    // The booking page reads the chosen professional from here and asks a visitor to log in itself.
    localStorage.setItem('Customerid', vendor._id);
    navigate('/myorder/service');
  };
  const message = () => {
    if (!isLoggedIn) {
      toast(MSG.loginToChat, 'warning');
      return;
    }
    navigate(`/customer/chat/${vendor._id}`);
  };
  return (
    <section className="vendor-hero">
      <div className="container py-4 py-md-5">
        <div className="d-flex flex-column flex-md-row align-items-center align-items-md-center gap-4 text-center text-md-start">
          <VendorAvatar name={vendor.Business_Name} image={vendor.Profile_Image} size="xl" />
          <div className="flex-grow-1">
            <p className="catalogue-eyebrow mb-1">{vendor.Category}</p>
            <h1 className="h2 mb-1">{vendor.Owner_name}</h1>
            <p className="fs-5 mb-1">{vendor.Business_Name}</p>
            <p className="text-body-secondary mb-0">{vendor.Business_address}</p>
          </div>
          <div className="d-flex gap-2 flex-shrink-0">
            <button type="button" className="btn btn-primary btn-lg" onClick={hire}><Trans>Hire Now</Trans></button>
            <button type="button" className="btn btn-outline-secondary btn-lg" onClick={message}><Trans>Message</Trans></button>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The professional's own description, trade, specialities and charge. */
function VendorAbout({ vendor }: { vendor: VendorProfile }) {
  const { t } = useLingui();
  const about = vendor.Business_Description.trim() || vendor.description.trim();
  return (
    <section className="card" aria-labelledby="about-heading">
      <div className="card-body">
        <h2 id="about-heading" className="h5"><Trans>About</Trans></h2>
        <p className="catalogue-prose">{about || t`This professional has not written a description yet.`}</p>
        <dl className="row g-3 mb-0 small">
          <div className="col-sm-4">
            <dt className="text-body-secondary fw-normal"><Trans>Category</Trans></dt>
            <dd className="mb-0 fw-semibold">{vendor.Category}</dd>
          </div>
          <div className="col-sm-4">
            <dt className="text-body-secondary fw-normal"><Trans>Specialities</Trans></dt>
            <dd className="mb-0 d-flex flex-wrap gap-1">
              {vendor.Sub_Category.length > 0
                ? vendor.Sub_Category.map((sub) => (
                  <span key={sub} className="badge rounded-pill text-bg-light border fw-normal">{sub}</span>
                ))
                : '—'}
            </dd>
          </div>
          {vendor.Charge_Per_Hour_or_Day !== null ? (
            <div className="col-sm-4">
              <dt className="text-body-secondary fw-normal"><Trans>Charge</Trans></dt>
              <dd className="mb-0">
                <span className="fw-semibold">{formatRupees(vendor.Charge_Per_Hour_or_Day, { wholeRupees: 'short' })}</span>
                {vendor.Charge_Type ? <span className="text-body-secondary"> / {vendor.Charge_Type}</span> : null}
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
    </section>
  );
}
