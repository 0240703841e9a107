import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CHAT_MSG, type ConversationSummary } from '@nirmaan/shared/chat';
import { EmptyState, ErrorState, Loading } from '../ui/states.tsx';
import { PartyAvatar } from './party-avatar.tsx';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { term as termOf } from '../../lib/terms.ts';

interface Props {
  conversations: ConversationSummary[] | undefined;
  status: 'pending' | 'error' | 'success';
  selectedId: string | undefined;
  basePath: string;
  searchPlaceholder: string;
}

/** The left column: conversations newest first, searchable by the other party's name, with unread badges. */
export function ConversationList({ conversations, status, selectedId, basePath, searchPlaceholder }: Props) {
  const [term, setTerm] = useState('');
  const searchId = useId();
  const needle = term.trim().toLowerCase();
  const shown = (conversations ?? []).filter((c) => !needle || c.partner.name.toLowerCase().includes(needle));
  const { i18n, t } = useLingui();

  return (
    <nav aria-label={t`Conversations`} className="chat-list d-flex flex-column">
      <div className="p-2 border-bottom">
        <label htmlFor={searchId} className="visually-hidden"><Trans>Search conversations</Trans></label>
        <input
          id={searchId}
          type="search"
          className="form-control"
          placeholder={searchPlaceholder}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          autoComplete="off"
        />
      </div>
      {status === 'pending' ? <Loading text={t`Loading conversations...`} />
        : status === 'error' ? <div className="px-2"><ErrorState><Trans>Conversations could not be loaded.</Trans></ErrorState></div>
          : conversations?.length === 0 ? <EmptyState>{termOf(i18n, CHAT_MSG.noConversations)}</EmptyState>
            : shown.length === 0 ? <EmptyState><Trans>No conversations match your search.</Trans></EmptyState>
              : (
                <ul className="list-unstyled mb-0 overflow-auto flex-grow-1">
                  {shown.map((c) => (
                    <li key={c.partner._id}>
                      <Link
                        to={`${basePath}/${c.partner._id}`}
                        className={`chat-list-item d-flex align-items-center gap-2 p-2 text-decoration-none text-body border-bottom ${c.partner._id === selectedId ? 'active' : ''}`}
                        aria-current={c.partner._id === selectedId ? 'page' : undefined}
                      >
                        <PartyAvatar name={c.partner.name} image={c.partner.image} />
                        <span className="flex-grow-1 min-w-0">
                          <span className="d-block fw-semibold text-truncate">{c.partner.name}</span>
                          <span className="d-block small text-body-secondary text-truncate">{c.lastMessage.text}</span>
                        </span>
                        {c.unread > 0 ? (
                          <span className="badge rounded-pill text-bg-primary" data-testid="unread-badge">
                            {c.unread}<span className="visually-hidden"> <Plural value={c.unread} one="unread message" other="unread messages" /></span>
                          </span>
                        ) : null}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
    </nav>
  );
}
