import type { ConversationSummary } from '@nirmaan/shared/chat';
import { Trans } from '@lingui/react/macro';
import { PartnerHeader } from '../../../components/chat/partner-header.tsx';
import { useChatVendor } from '../../../lib/chat/chat-api.ts';

/** The vendor the customer is writing to: owner name, business name and picture (initial when none). */
export function VendorChatHeader({ vendorId, summary }: { vendorId: string; summary: ConversationSummary | undefined }) {
  const vendor = useChatVendor(vendorId);
  if (vendor.data) return <PartnerHeader title={vendor.data.Owner_name} subtitle={vendor.data.Business_Name} image={vendor.data.Profile_Image} />;
  if (summary) return <PartnerHeader title={summary.partner.ownerName ?? summary.partner.name} subtitle={summary.partner.name} image={summary.partner.image} />;
  if (vendor.isPending) return <p className="text-body-secondary mb-0" role="status"><Trans>Loading vendor...</Trans></p>;
  return <p className="text-body-secondary mb-0"><Trans>No vendor found.</Trans></p>;
}
