import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem, OrderLine } from '@nirmaan/shared/cart';
import type { InvoiceSummary } from '@nirmaan/shared/gst';
import { Component as CheckoutPage } from '../../src/features/cart/routes/checkout-page.tsx';
import { ProductOrders } from '../../src/features/orders/components/product-orders.tsx';
import { storeUser } from '../../src/lib/session.ts';
import { renderRoutes as renderAt, stubFetch } from '../render.tsx';

/** GST invoices on the web (decision record 022): the business GSTIN at checkout, and My orders → Invoice. */
vi.setConfig({ testTimeout: 20_000 });
const USER = '0c7f5f7e-0000-4000-8000-0000000000ab';
beforeEach(() => storeUser(USER, 'Asha Verma'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const item: CartItem = {
  _id: 'c1', Vendorid: 'v1', productid: '3b0c7f5f-0000-4000-8000-000000000001', producturl: '/images/products/cement-1.svg', productname: 'UltraTech PPC',
  productQuantity: 2, productprice: 400, productvendor: 'Balaji Traders', productcategory: 'Cement', customerid: USER, productunit: 'bag', stock: 10,
};

describe('checkout: buying for a business', () => {
  it('refuses a mistyped GSTIN at its field before sending, then sends billing beside the orders', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === `/carts/${USER}`) return { body: [item] };
      if (url === `/myprofile/${USER}`) return { body: { _id: USER, Full_Name: 'Asha Verma', Emailaddress: 'asha@example.test', Phone_Number: '9876543210', Location: 'Bengaluru' } };
      if (url === '/ordercart') return { status: 201, body: { message: 'Order placed successfully!', orderId: 'o1', orders: [], subtotal: 800, deliveryFee: 300, total: 1100, payment: null } };
      return undefined;
    });
    renderAt('/Cart/order', [{ path: '/Cart/order', element: <CheckoutPage /> }, { path: '/myorder', element: <p>My orders page</p> }]);
    await screen.findByDisplayValue('Asha Verma');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '14 Residency Road' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Karnataka' } });
    fireEvent.change(screen.getByLabelText('Pincode'), { target: { value: '560025' } });
    expect(screen.queryByLabelText('GSTIN')).toBeNull();
    fireEvent.click(screen.getByLabelText('Buying for a business? Add GSTIN'));
    fireEvent.change(screen.getByLabelText('GSTIN'), { target: { value: '29AAGCB7383J1Z5' } });
    fireEvent.change(screen.getByLabelText('Legal name (as registered for GST)'), { target: { value: 'Bharat Builders Pvt Ltd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText(/its last character \(the check character\) does not match/);
    expect(fetchMock.mock.calls.some(([u]) => u === '/ordercart')).toBe(false);

    fireEvent.change(screen.getByLabelText('GSTIN'), { target: { value: '29AAGCB7383J1Z4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('My orders page');
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/ordercart')!;
    expect(JSON.parse(String(init!.body)).billing).toEqual({ gstin: '29AAGCB7383J1Z4', legalName: 'Bharat Builders Pvt Ltd' });
  });
});

describe('my orders: invoices', () => {
  it('links each delivered line to its seller\'s invoice PDF, and nothing else', async () => {
    const base = {
      orderId: 'o1', productId: 'p1', productImage: '/x.svg', quantity: 1, pricePerUnit: 400, totalPrice: 400, customerId: USER, customerName: 'Asha', phone: '9876543210',
      email: 'a@example.test', shippingAddress: { fullAddress: '14 Residency Road', city: 'Bengaluru', pincode: '560025', state: 'Karnataka' }, paymentStatus: 'Pending',
      paymentMethod: 'cod', orderedAt: '2026-11-20T10:00:00.000Z', deliveryFee: 300, orderTotal: 1100,
    } as const;
    const lines: OrderLine[] = [
      { ...base, _id: 'l1', vendorid: 'v1', productName: 'Delivered Cement', orderStatus: 'Delivered' },
      { ...base, _id: 'l2', vendorid: 'v2', productName: 'Shipped Steel', orderStatus: 'Shipped' },
    ];
    const invoice = (over: Partial<InvoiceSummary>): InvoiceSummary => ({
      id: 'i1', kind: 'tax_invoice', number: 'AB12/2627/000001', date: '2026-11-21', supplierName: 'Balaji', recipientName: 'Asha', vendorId: 'v1', orderId: 'o1', bookingId: null,
      totalPaise: 40_000, pdfUrl: '/api/invoices/i1/pdf', ...over,
    });
    stubFetch((url) => {
      if (url === `/orderdetails/${USER}`) return { body: lines };
      if (url === '/api/invoices') return { body: { invoices: [invoice({ id: 'cn', kind: 'credit_note', pdfUrl: '/api/invoices/cn/pdf' }), invoice({}), invoice({ id: 'p', vendorId: null, pdfUrl: '/api/invoices/p/pdf' })] } };
      return undefined;
    });
    renderAt('/myorder', [{ path: '/myorder', element: <ProductOrders /> }]);
    const link = await screen.findByRole('link', { name: 'Invoice AB12/2627/000001 for Delivered Cement' });
    expect(link.getAttribute('href')).toBe('/api/invoices/i1/pdf');
    expect(screen.getAllByRole('link', { name: /^Invoice/ })).toHaveLength(1);
  });
});
