import { useParams } from 'react-router';
import { ChatScreen } from '../../../components/chat/chat-screen.tsx';
import { PartnerHeader } from '../../../components/chat/partner-header.tsx';
import { useVendor } from '../use-vendor.ts';
import { Trans, useLingui } from '@lingui/react/macro';

/** Vendor inbox: /vendor/chat/{customerId?}, the customers who wrote to this vendor, live. */
export function Component() {
  const { customerId } = useParams();
  const vendor = useVendor();
  const { t } = useLingui();

  return (
    <section className="container">
      <title>{t`Messages | Nirmaan for vendors`}</title>
      <h1 className="h3 mb-3"><Trans>Messages</Trans></h1>
      <ChatScreen
        key={vendor._id}
        self={{ id: vendor._id, party: 'Vendor' }}
        partnerId={customerId}
        basePath="/vendor/chat"
        searchPlaceholder={t`Search customers...`}
        renderHeader={(_id, summary) => <PartnerHeader title={summary?.partner.name ?? t`Customer`} image={summary?.partner.image} />}
      />
    </section>
  );
}
