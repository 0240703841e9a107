import { formatDate } from '@nirmaan/shared/dates';
import type { Rfq } from '@nirmaan/shared/rfqs';
import { formatDeliveryDate } from '../../../lib/delivery.ts';

type Base = Pick<Rfq, 'items' | 'state' | 'collecting' | 'pincode' | 'district' | 'neededBy' | 'floors' | 'closesAt'>;

/** Where a request stands, in words and a badge colour: collecting, closed for quotes, accepted, cancelled or hidden. */
export function stateOf(rfq: Base): [label: string, badge: string] {
  if (rfq.state === 'accepted') return ['Accepted', 'text-bg-success'];
  if (rfq.state === 'cancelled') return ['Cancelled', 'text-bg-secondary'];
  if (rfq.state === 'hidden') return ['Removed by Nirmaan', 'text-bg-secondary'];
  return rfq.collecting ? ['Collecting quotes', 'text-bg-info'] : ['Quotes closed', 'text-bg-warning'];
}

/** The site, the needed-by window, the floor and until when quotes are collected. */
export function RfqFacts({ rfq }: { rfq: Base }) {
  return (
    <p className="small text-body-secondary mb-0">
      Site {rfq.pincode}{rfq.district ? ` (${rfq.district})` : ''} · needed {formatDeliveryDate(rfq.neededBy.from)} – {formatDeliveryDate(rfq.neededBy.to)}
      {' · '}{rfq.floors === 0 ? 'ground floor' : `floor ${rfq.floors}`}
      {rfq.state === 'open' && rfq.collecting ? ` · quotes until ${formatDate(rfq.closesAt)}` : ''}
    </p>
  );
}
