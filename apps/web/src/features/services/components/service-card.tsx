import { Link } from 'react-router';
import type { ServiceVendor } from '@nirmaan/shared/api';
import { formatRupees } from '@nirmaan/shared/money';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { RatingSummary } from '../../../components/ui/rating-summary.tsx';
import { VendorAvatar } from './vendor-avatar.tsx';

export function ServiceCard({ vendor, onBook }: { vendor: ServiceVendor; onBook: (vendorId: string) => void }) {
  const { i18n, t } = useLingui();
  const name = vendor.Business_Name;
  return (
    <article className="card h-100 catalogue-card service-card">
      <div className="card-body d-flex flex-column gap-3">
        <div className="d-flex gap-3 align-items-start">
          <VendorAvatar name={vendor.Business_Name} image={vendor.Profile_Image} size="md" />
          <div className="min-w-0">
            <h2 className="h6 mb-0 catalogue-card-title">{vendor.Business_Name}</h2>
            <p className="small text-body-secondary mb-1">{vendor.Owner_name} · {vendor.City}</p>
            <RatingSummary rating={vendor.Rating} count={vendor.ReviewCount} />
          </div>
        </div>
        {vendor.Description ? <p className="small text-body-secondary mb-0 service-card-desc">{vendor.Description}</p> : null}
        {vendor.Sub_Category.length > 0 ? (
          <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={t`Specialities`}>
            {vendor.Sub_Category.map((sub) => (
              <li key={sub} className="badge rounded-pill text-bg-light border fw-normal">{term(i18n, sub)}</li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto d-flex flex-wrap align-items-center justify-content-between gap-2 pt-2 border-top">
          <p className="mb-0">
            <strong className="fs-5">{formatRupees(vendor.Charge_Per_Hour_or_Day, { wholeRupees: 'short' })}</strong>
            <span className="text-body-secondary small"> / {term(i18n, vendor.Charge_Type)}</span>
          </p>
          <div className="d-flex gap-2">
            <Link
              to={`/service/details/${vendor._id}`}
              className="btn btn-outline-secondary btn-sm"
              aria-label={t`View Details: ${name}`}
            >
              <Trans>View Details</Trans>
            </Link>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              aria-label={t`Book Now: ${name}`}
              onClick={() => onBook(vendor._id)}
            >
              <Trans>Book Now</Trans>
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}

/** A card's shape while its professional loads, so the list does not jump when it arrives. */
export function ServiceCardSkeleton() {
  return (
    <div className="card h-100 catalogue-card service-card placeholder-glow" aria-hidden="true">
      <div className="card-body d-flex flex-column gap-3">
        <div className="d-flex gap-3 align-items-start">
          <span className="placeholder rounded-circle vendor-avatar vendor-avatar-md flex-shrink-0" />
          <div className="flex-grow-1">
            <span className="placeholder col-8 d-block mb-2" />
            <span className="placeholder col-5 d-block" />
          </div>
        </div>
        <span className="placeholder col-12" />
        <span className="placeholder col-10" />
        <span className="placeholder col-6 mt-auto" />
      </div>
    </div>
  );
}
