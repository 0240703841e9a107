import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProductDetail } from '@nirmaan/shared/api';
import { Trans } from '@lingui/react/macro';
import { PinIcon } from './icons.tsx';

/** The seller, with a way into its store (the store reads the vendor id from navigation state). */
export function SellerCard({ vendor }: { vendor: ProductDetail['Vendor'] }) {
  const navigate = useNavigate();
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <div className="card seller-card">
      <div className="card-body d-flex align-items-center gap-3">
        {vendor.Profile_Image && !imageFailed ? (
          <img
            src={vendor.Profile_Image}
            alt=""
            width="48"
            height="48"
            onError={() => setImageFailed(true)}
            className="rounded-circle object-fit-cover flex-shrink-0"
          />
        ) : (
          <span className="initial-avatar initial-avatar-sm" aria-hidden="true">{vendor.Business_Name.charAt(0).toUpperCase()}</span>
        )}
        <div className="flex-grow-1 min-w-0">
          <p className="small text-body-secondary mb-0"><Trans>Sold by</Trans></p>
          <p className="fw-semibold mb-0 text-truncate">{vendor.Business_Name}</p>
          <p className="small text-body-secondary mb-0 d-inline-flex align-items-center gap-1"><PinIcon />{vendor.City}</p>
        </div>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm flex-shrink-0"
          onClick={() => navigate(`/viewstore?vendor=${encodeURIComponent(vendor._id)}`, { state: { vendorId: vendor._id } })}
        >
          <Trans>View Store</Trans>
        </button>
      </div>
    </div>
  );
}
