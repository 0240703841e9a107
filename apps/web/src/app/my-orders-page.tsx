import { useState } from 'react';
import { ProductOrders } from '../features/orders/components/product-orders.tsx';
import { ServiceOrders } from '../features/bookings/components/service-orders.tsx';

type Tab = 'products' | 'services';

/**
 * /myorder: the Product Orders and Service Orders tabs (SPEC.md §2). Composed here because each tab
 * belongs to its own feature, and features do not import each other.
 */
export function Component() {
  const [tab, setTab] = useState<Tab>('products');
  return (
    <div className="container py-4">
      <h1 className="h3 mb-3">My orders</h1>
      <ul className="nav nav-tabs mb-3" role="tablist">
        {([['products', 'Product Orders'], ['services', 'Service Orders']] as const).map(([key, label]) => (
          <li className="nav-item" role="presentation" key={key}>
            <button type="button" role="tab" aria-selected={tab === key} className={`nav-link${tab === key ? ' active' : ''}`} onClick={() => setTab(key)}>
              {label}
            </button>
          </li>
        ))}
      </ul>
      <div role="tabpanel">{tab === 'products' ? <ProductOrders /> : <ServiceOrders />}</div>
    </div>
  );
}
