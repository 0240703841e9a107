import type { OpsVendor } from '@nirmaan/shared/ops';
import { PAYOUT_BUSINESS_TYPE_LABELS, type PayoutAccountStatus } from '@nirmaan/shared/payouts';

const STATUS: Record<PayoutAccountStatus, { text: string; badge: string }> = {
  not_submitted: { text: 'Not submitted', badge: 'text-bg-secondary' },
  pending: { text: 'Awaiting the gateway', badge: 'text-bg-warning' },
  under_review: { text: 'Under review at the gateway', badge: 'text-bg-warning' },
  needs_clarification: { text: 'Needs clarification', badge: 'text-bg-danger' },
  activated: { text: 'Activated', badge: 'text-bg-success' },
  suspended: { text: 'Suspended at the gateway', badge: 'text-bg-danger' },
};

/**
 * The vendor's payout account in the approval queue, as the server masks it: the PAN and the bank account number
 * by their last 4 characters, the rest whole, to match against the uploaded documents.
 */
export function VendorPayoutDetails({ payout, kyc }: { payout: OpsVendor['payout']; kyc: OpsVendor['payoutKyc'] }) {
  if (!kyc) return <p className="mb-1 small text-body-secondary" data-testid="ops-vendor-payout">No payout account saved yet.</p>;
  const status = payout ? STATUS[payout.status] : null;
  return (
    <div className="mb-1 small" data-testid="ops-vendor-payout">
      <p className="mb-0">
        Payout account{status && <> <span className={`badge ${status.badge}`}>{status.text}</span></>}
        {payout?.statusReason && <span className="text-danger"> {payout.statusReason}</span>}
        {' '}<span className="text-body-secondary">saved {new Date(kyc.updatedAt).toLocaleDateString('en-IN')}</span>
      </p>
      <p className="mb-0">{kyc.legalName} ({PAYOUT_BUSINESS_TYPE_LABELS[kyc.businessType]}) · PAN {kyc.panMasked} · {kyc.gstin ? `GSTIN ${kyc.gstin}` : 'No GSTIN'}</p>
      <p className="mb-0">Bank account {kyc.accountNumberMasked} · IFSC {kyc.ifsc} · Beneficiary {kyc.beneficiaryName}</p>
    </div>
  );
}
