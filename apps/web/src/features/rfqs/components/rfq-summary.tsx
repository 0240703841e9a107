import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { formatDate } from '@nirmaan/shared/dates';
import type { Rfq } from '@nirmaan/shared/rfqs';
import { formatDeliveryDate } from '../../../lib/delivery.ts';

type Base = Pick<Rfq, 'items' | 'state' | 'collecting' | 'pincode' | 'district' | 'neededBy' | 'floors' | 'closesAt'>;

/** Where a request stands, in words (the page's language) and a badge colour: collecting, closed for quotes, accepted, cancelled or hidden. */
export function stateOf(rfq: Base, i18n: I18n): [label: string, badge: string] {
  if (rfq.state === 'accepted') return [i18n._(msg`Accepted`), 'text-bg-success'];
  if (rfq.state === 'cancelled') return [i18n._(msg`Cancelled`), 'text-bg-secondary'];
  if (rfq.state === 'hidden') return [i18n._(msg`Removed by Nirmaan`), 'text-bg-secondary'];
  return rfq.collecting ? [i18n._(msg`Collecting quotes`), 'text-bg-info'] : [i18n._(msg`Quotes closed`), 'text-bg-warning'];
}

/** The site, the needed-by window, the floor and until when quotes are collected. */
export function RfqFacts({ rfq }: { rfq: Base }) {
  const site = `${rfq.pincode}${rfq.district ? ` (${rfq.district})` : ''}`;
  const from = formatDeliveryDate(rfq.neededBy.from);
  const to = formatDeliveryDate(rfq.neededBy.to);
  const floor = rfq.floors;
  const until = formatDate(rfq.closesAt);
  return (
    <p className="small text-body-secondary mb-0">
      <Trans>Site {site} · needed {from} – {to}</Trans>
      {' · '}{floor === 0 ? <Trans>ground floor</Trans> : <Trans>floor {floor}</Trans>}
      {rfq.state === 'open' && rfq.collecting ? <> · <Trans>quotes until {until}</Trans></> : null}
    </p>
  );
}
