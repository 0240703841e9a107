import { useId, useLayoutEffect, useRef } from 'react';
import type { ThreadItem } from '../../lib/chat/use-chat.ts';
import { CHAT_MSG, CHAT_TEXT_MAX } from '@nirmaan/shared/chat';
import { EmptyState, ErrorState, Loading } from '../ui/states.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../lib/terms.ts';
import { useDateLocale } from '../../lib/i18n.ts';

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** A message's time in the page's language ("5 Mar, 3:04 pm"), Latin digits. */
function formatTime(iso: string, locale: string) {
  let format = timeFormats.get(locale);
  if (!format) timeFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })));
  return format.format(new Date(iso));
}

interface Props {
  selfId: string;
  items: ThreadItem[];
  status: 'pending' | 'error' | 'success';
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
}

/**
 * The messages of one conversation, oldest at the top. Text is always rendered as text. The view follows
 * the newest message, but not when older ones are added above.
 */
export function MessageThread({ selfId, items, status, hasOlder, loadingOlder, onLoadOlder, onRetry }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const last = items.at(-1);
  const lastKey = last ? (last.kind === 'stored' ? last.message._id : last.message.clientId) : '';
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastKey]);
  const { i18n, t } = useLingui();
  const dates = useDateLocale();

  return (
    <div ref={scroller} className="chat-thread flex-grow-1 overflow-auto p-3" role="log" aria-label={t`Messages`}>
      {status === 'pending' ? <Loading text={t`Loading messages...`} />
        : status === 'error' ? <ErrorState><Trans>Messages could not be loaded.</Trans></ErrorState>
          : (
            <>
              {hasOlder ? (
                <div className="text-center mb-3">
                  <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onLoadOlder} disabled={loadingOlder}>
                    {loadingOlder ? t`Loading…` : t`Load older messages`}
                  </button>
                </div>
              ) : null}
              {items.length === 0 ? <EmptyState>{term(i18n, CHAT_MSG.noMessages)}</EmptyState> : (
                <ol className="list-unstyled mb-0 d-flex flex-column gap-2">
                  {items.map((item) => {
                    const mine = item.kind === 'pending' || item.message.senderId === selfId;
                    const key = item.kind === 'stored' ? item.message._id : item.message.clientId;
                    return (
                      <li key={key} className={`chat-bubble ${mine ? 'chat-bubble-mine align-self-end' : 'chat-bubble-theirs align-self-start'}`} data-testid="chat-message">
                        <p className="chat-text mb-1">{item.message.text}</p>
                        <p className="small mb-0 chat-meta">
                          <span className="visually-hidden">{mine ? t`You wrote,` : t`They wrote,`} </span>
                          <time dateTime={item.message.time}>{formatTime(item.message.time, dates)}</time>
                          {item.kind === 'pending' ? <PendingState message={item.message} onRetry={onRetry} /> : null}
                        </p>
                      </li>
                    );
                  })}
                </ol>
              )}
            </>
          )}
    </div>
  );
}

function PendingState({ message, onRetry }: { message: Extract<ThreadItem, { kind: 'pending' }>['message']; onRetry: (clientId: string) => void }) {
  const { i18n } = useLingui();
  if (message.state === 'sending') return <span> · <Trans>Sending…</Trans></span>;
  if (message.state === 'queued') return <span> · <Trans>Waiting for connection…</Trans></span>;
  const error = message.error ? term(i18n, message.error) : null;
  return (
    <span className="text-danger-emphasis">
      {' · '}{error ? <Trans>Not sent: {error}</Trans> : <Trans>Not sent</Trans>}{' '}
      <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => onRetry(message.clientId)}><Trans>Retry</Trans></button>
    </span>
  );
}

/** The input and Send button. Enter sends (but not while an input method is composing); blank text is not sent. */
export function MessageComposer({ disabled, onSend }: { disabled: boolean; onSend: (text: string) => boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const { i18n } = useLingui();
  const submit = () => {
    const el = input.current;
    if (el && onSend(el.value)) el.value = '';
    el?.focus();
  };
  return (
    <form
      className="chat-composer d-flex gap-2 p-2 border-top"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId} className="visually-hidden"><Trans>Message</Trans></label>
      <input
        id={inputId}
        ref={input}
        type="text"
        className="form-control"
        placeholder={term(i18n, CHAT_MSG.typeMessage)}
        maxLength={CHAT_TEXT_MAX}
        autoComplete="off"
        disabled={disabled}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          submit();
        }}
      />
      <button type="submit" className="btn btn-primary" disabled={disabled}><Trans>Send</Trans></button>
    </form>
  );
}
