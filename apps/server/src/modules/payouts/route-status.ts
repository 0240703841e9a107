import type { RouteRequirement } from '../../lib/razorpay/route.ts';
import type { PayoutStatus } from './repository.ts';

/**
 * The Route product's `activation_status` in our words (decision record 018): `requested` is still `pending`;
 * `rejected` is shown as `suspended` (neither receives transfers). Only `activated` receives transfers.
 */
export function statusOfActivation(activationStatus: string | undefined): PayoutStatus {
  switch (activationStatus) {
    case 'activated': return 'activated';
    case 'under_review': return 'under_review';
    case 'needs_clarification': return 'needs_clarification';
    case 'suspended': case 'rejected': return 'suspended';
    default: return 'pending';
  }
}

const FIELDS: Record<string, string> = {
  'settlements.account_number': 'bank account number', 'settlements.ifsc_code': 'IFSC', 'settlements.ifsc': 'IFSC',
  'settlements.beneficiary_name': 'beneficiary name', 'kyc.pan': 'PAN', 'legal_info.pan': 'PAN', 'legal_info.gst': 'GSTIN',
  legal_business_name: 'legal business name', business_type: 'business type',
};
const REASONS: Record<string, string> = {
  field_missing: 'missing', kyc_failed: 'could not be verified', needs_clarification: 'needs clarification', document_missing: 'a document is missing',
};
const words = (code: string) => code.replace(/[._]+/g, ' ').trim();

/** What the gateway asked for, in words the vendor can act on (at most 500 characters), or null. */
export function reasonOf(status: PayoutStatus, requirements: RouteRequirement[] | undefined): string | null {
  if (status !== 'needs_clarification' && status !== 'suspended') return null;
  const asks = (requirements ?? []).filter((r) => r.field_reference || r.reason_code).map((r) => {
    const field = r.field_reference ? (FIELDS[r.field_reference] ?? words(r.field_reference)) : 'details';
    const reason = r.reason_code ? (REASONS[r.reason_code] ?? words(r.reason_code)) : 'needs a look';
    return `${field} (${reason})`;
  });
  if (asks.length === 0) return null;
  return `The payment gateway asked about: ${[...new Set(asks)].join('; ')}.`.slice(0, 500);
}
