import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ProductOrders } from '../features/orders/components/product-orders.tsx';
import { ServiceOrders } from '../features/bookings/components/service-orders.tsx';
import { MyQuotes } from '../features/bookings/components/my-quotes.tsx';
import { DisputeCorner } from '../features/disputes/components/dispute-corner.tsx';

type Tab = 'products' | 'services';

/**
 * /myorder: the Product Orders and Service Orders tabs (the spec's screens). Composed here because each tab
 * belongs to its own feature, and features do not import each other. Each line and booking carries its dispute
 * corner (state, refund, "Report a problem").
 */
export function Component() {
  const [tab, setTab] = useState<Tab>('products');
  const { t } = useLingui();
  return (
    <div className="container py-4">
      <h1 className="h3 mb-3"><Trans>My orders</Trans></h1>
      <ul className="nav nav-tabs mb-3" role="tablist">
        {([['products', t`Product Orders`], ['services', t`Service Orders`]] as const).map(([key, label]) => (
          <li className="nav-item" role="presentation" key={key}>
            <button type="button" role="tab" aria-selected={tab === key} className={`nav-link${tab === key ? ' active' : ''}`} onClick={() => setTab(key)}>
              {label}
            </button>
          </li>
        ))}
      </ul>
      <div role="tabpanel">
        {tab === 'products'
          ? <ProductOrders lineExtra={(line) => <DisputeCorner target={{ kind: 'line', lineId: line._id }} eligible={line.orderStatus === 'Shipped' || line.orderStatus === 'Delivered'} />} />
          : <><MyQuotes /><ServiceOrders bookingExtra={(b) => <DisputeCorner target={{ kind: 'booking', bookingId: b._id }} eligible={b.status === 'Confirmed' || b.status === 'Completed'} />} /></>}
      </div>
    </div>
  );
}
