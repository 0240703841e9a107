import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CHAT_MSG, type ChatParty, type ConversationSummary } from '@nirmaan/shared/chat';
import { useConversations, useThread } from '../../lib/chat/chat-api.ts';
import { mergeThread, useChatClient } from '../../lib/chat/use-chat.ts';
import { ConversationList } from './conversation-list.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../lib/terms.ts';
import { MessageComposer, MessageThread } from './message-thread.tsx';

export interface ChatScreenProps {
  self: { id: string; party: ChatParty };
  /** The conversation in the URL, if any. */
  partnerId: string | undefined;
  /** Where conversation links go: `${basePath}/${partnerId}`. */
  basePath: string;
  searchPlaceholder: string;
  /** The thread's header for the partner shown; the summary is there once they have a conversation. */
  renderHeader: (partnerId: string, summary: ConversationSummary | undefined) => ReactNode;
}

/**
 * Both sides' chat (customer page and vendor inbox): conversations left, the chosen thread right. With no
 * conversation in the URL the first one is shown; on small screens the list and the thread take turns.
 */
export function ChatScreen({ self, partnerId, basePath, searchPlaceholder, renderHeader }: ChatScreenProps) {
  const chat = useChatClient(self.id, self.party);
  const conversations = useConversations();
  const list = conversations.data?.conversations;
  // With none in the URL, the first conversation is chosen once: a message moving another to the top does not switch the view.
  const [firstId, setFirstId] = useState<string>();
  if (!firstId && list?.[0]) setFirstId(list[0].partner._id);
  const selectedId = partnerId ?? firstId;
  const summary = list?.find((c) => c.partner._id === selectedId);
  const [customerId, vendorId] = self.party === 'Customer' ? [self.id, selectedId ?? ''] : [selectedId ?? '', self.id];
  const thread = useThread(customerId, vendorId, Boolean(selectedId));

  const { client } = chat;
  useEffect(() => {
    client.setOpenConversation(selectedId);
  }, [client, selectedId]);
  const unread = summary?.unread ?? 0;
  useEffect(() => {
    if (selectedId && unread > 0) void client.markRead(selectedId);
  }, [client, selectedId, unread]);

  const { i18n, t } = useLingui();
  const items = selectedId
    ? mergeThread(thread.data?.pages ?? [], chat.live[selectedId] ?? [], chat.pending.filter((p) => p.partnerId === selectedId))
    : [];

  return (
    <div className="chat-screen card overflow-hidden">
      <ChatStatusBar status={chat.status} notice={chat.notice} onDismiss={() => client.dismissNotice()} onReconnect={() => client.reconnect()} />
      <div className="row g-0 flex-grow-1 min-h-0">
        <div className={`col-md-4 border-end chat-pane ${partnerId ? 'd-none d-md-flex' : 'd-flex'}`}>
          <ConversationList
            conversations={list}
            status={conversations.status}
            selectedId={selectedId}
            basePath={basePath}
            searchPlaceholder={searchPlaceholder}
          />
        </div>
        <section
          className={`col-md-8 chat-pane flex-column ${partnerId ? 'd-flex' : 'd-none d-md-flex'}`}
          aria-label={t`Conversation`}
        >
          {selectedId ? (
            <>
              <div className="chat-header d-flex align-items-center gap-2 p-2 border-bottom">
                <Link to={basePath} className="btn btn-outline-secondary btn-sm d-md-none" aria-label={t`Back to conversations`}>‹ <Trans>Back</Trans></Link>
                {renderHeader(selectedId, summary)}
              </div>
              <MessageThread
                selfId={self.id}
                items={items}
                status={thread.status}
                hasOlder={thread.hasNextPage}
                loadingOlder={thread.isFetchingNextPage}
                onLoadOlder={() => void thread.fetchNextPage()}
                onRetry={(clientId) => client.retry(clientId)}
              />
            </>
          ) : (
            <div className="flex-grow-1 d-flex align-items-center justify-content-center p-3">
              <p className="text-body-secondary mb-0">{conversations.isPending ? '' : term(i18n, CHAT_MSG.noMessages)}</p>
            </div>
          )}
          <MessageComposer disabled={!selectedId} onSend={(text) => client.send(selectedId, text)} />
        </section>
      </div>
    </div>
  );
}

function ChatStatusBar({ status, notice, onDismiss, onReconnect }: {
  status: string; notice: string | null; onDismiss: () => void; onReconnect: () => void;
}) {
  const { i18n, t } = useLingui();
  return (
    <div aria-live="polite">
      {status === 'reconnecting' ? <div className="alert alert-warning rounded-0 mb-0 py-2" role="status">{term(i18n, CHAT_MSG.disconnected)}</div> : null}
      {status === 'offline' ? (
        <div className="alert alert-danger rounded-0 mb-0 py-2 d-flex align-items-center gap-2" role="alert">
          <span className="flex-grow-1">{term(i18n, CHAT_MSG.offline)}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={onReconnect}><Trans>Try again</Trans></button>
        </div>
      ) : null}
      {notice ? (
        <div className="alert alert-warning rounded-0 mb-0 py-2 d-flex align-items-center gap-2" role="alert">
          <span className="flex-grow-1">{term(i18n, notice)}</span>
          <button type="button" className="btn-close" aria-label={t`Dismiss`} onClick={onDismiss} />
        </div>
      ) : null}
    </div>
  );
}
