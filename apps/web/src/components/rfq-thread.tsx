import { useLingui } from '@lingui/react/macro';
import { formatPaise } from '@nirmaan/shared/money';
import type { Rfq, RfqMessage } from '@nirmaan/shared/rfqs';
import { useDateLocale } from '../lib/i18n.ts';

/**
 * A request's thread with one seller (issue 35, decision record 036): the buyer's counter-offers and the seller's
 * answers (a new version at the buyer's figure, its own figure, or a decline), oldest first. The buyer's page and
 * the seller's portal show the same steps, each from its reader's side.
 */
export function RfqThread({ messages, items, reader, seller = '' }: {
  messages: readonly RfqMessage[]; items: Rfq['items']; reader: 'buyer' | 'seller'; seller?: string;
}) {
  const { t } = useLingui();
  const dateLocale = useDateLocale();
  if (messages.length === 0) return null;
  const itemName = (id: string | null) => items.find((i) => i._id === id)?.description ?? '';
  const when = (iso: string) => new Date(iso).toLocaleString(dateLocale, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  const said = (m: RfqMessage): string => {
    const total = m.proposedTotalPaise === null ? '' : formatPaise(m.proposedTotalPaise);
    const unit = m.proposedUnitPaise === null ? '' : formatPaise(m.proposedUnitPaise);
    const item = itemName(m.itemId);
    if (m.kind === 'counter') {
      if (reader === 'buyer') return m.proposedTotalPaise !== null ? t`You proposed ${total} landed.` : t`You proposed ${unit} a unit for ${item}.`;
      return m.proposedTotalPaise !== null ? t`The buyer proposed ${total} landed.` : t`The buyer proposed ${unit} a unit for ${item}.`;
    }
    if (reader === 'seller') {
      if (m.kind === 'revised') return t`You sent a revised quote: ${total} landed.`;
      if (m.kind === 'countered') return t`You answered with ${total} landed.`;
      return t`You declined the counter-offer; your quote stands as it was.`;
    }
    if (m.kind === 'revised') return t`${seller} sent a revised quote: ${total} landed.`;
    if (m.kind === 'countered') return t`${seller} answered with ${total} landed.`;
    return t`${seller} declined the counter-offer; the quote stands as it was.`;
  };
  return (
    <ol className="list-unstyled small mb-0 d-flex flex-column gap-1" aria-label={reader === 'buyer' ? t`Counter-offers with ${seller}` : t`Counter-offers with the buyer`} data-testid="rfq-thread">
      {messages.map((m) => (
        <li key={m._id} className={`rounded px-2 py-1 ${m.author === 'buyer' ? 'bg-body-tertiary' : 'bg-primary-subtle'}`}>
          <span>{said(m)}</span>
          {m.body ? <span className="d-block fst-italic">“{m.body}”</span> : null}
          <span className="d-block text-body-secondary">{when(m.createdAt)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The step waiting for an answer: the buyer's counter-offer on the live quote, or the seller's own figure. */
export function openStep(messages: readonly RfqMessage[]): RfqMessage | null {
  const last = messages.at(-1);
  return last && (last.kind === 'counter' || last.kind === 'countered') ? last : null;
}
