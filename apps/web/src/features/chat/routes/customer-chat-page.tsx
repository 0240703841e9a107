import { Link, useLocation, useParams } from 'react-router';
import { CHAT_MSG } from '@nirmaan/shared/chat';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';
import { ChatScreen } from '../../../components/chat/chat-screen.tsx';
import { useStoredUser } from '../../../lib/session.ts';
import { VendorChatHeader } from '../components/vendor-chat-header.tsx';

/** Customer chat: /customer/chat/{vendorId?} (the spec's "Chat" screen). Visitors are asked to log in first. */
export function Component() {
  const { vendorId } = useParams();
  const { userId } = useStoredUser();
  const { pathname } = useLocation();
  const { i18n, t } = useLingui();

  return (
    <div className="container py-4">
      <title>{t`Chat | Nirmaan`}</title>
      <h1 className="h4 mb-3"><Trans>Messages</Trans></h1>
      {userId ? (
        <ChatScreen
          key={userId}
          self={{ id: userId, party: 'Customer' }}
          partnerId={vendorId}
          basePath="/customer/chat"
          searchPlaceholder={term(i18n, CHAT_MSG.searchVendors)}
          renderHeader={(id, summary) => <VendorChatHeader vendorId={id} summary={summary} />}
        />
      ) : (
        <div className="card card-body text-center py-5">
          <p className="mb-3">{term(i18n, CHAT_MSG.loginToChat)}</p>
          <div><Link to={`/login?next=${encodeURIComponent(pathname)}`} className="btn btn-primary"><Trans>Login</Trans></Link></div>
        </div>
      )}
    </div>
  );
}
