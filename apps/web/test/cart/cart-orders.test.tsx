import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem, OrderLine } from '@nirmaan/shared/cart';
import { CART_MSG } from '@nirmaan/shared/messages';
import { Component as CartPage } from '../../src/features/cart/routes/cart-page.tsx';
import { Component as CheckoutPage } from '../../src/features/cart/routes/checkout-page.tsx';
import { PAY_LINK_MSG, ProductOrders, groupOrders } from '../../src/features/orders/components/product-orders.tsx';
import { PAY_MSG } from '../../src/lib/razorpay.ts';
import { storeUser } from '../../src/lib/session.ts';
import { renderRoutes, stubFetch } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
const USER = '0c7f5f7e-0000-4000-8000-0000000000aa';
beforeEach(() => storeUser(USER, 'Asha Verma'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const item = (over: Partial<CartItem> = {}): CartItem => ({
  _id: crypto.randomUUID(), Vendorid: 'v1', productid: crypto.randomUUID(), producturl: '/images/products/cement-1.svg', productname: 'UltraTech PPC',
  productQuantity: 2, productprice: 400, productvendor: 'Balaji Traders', productcategory: 'Cement', customerid: USER, productunit: 'bag', stock: 10, ...over,
});
const orderLine = (over: Partial<OrderLine> = {}): OrderLine => ({
  _id: crypto.randomUUID(), orderId: 'o1', vendorid: 'v1', productId: 'p1', productName: 'UltraTech PPC', productImage: '/x.svg', quantity: 2,
  pricePerUnit: 400, totalPrice: 800, customerId: USER, customerName: 'Asha', phone: '9876543210', email: 'a@example.test',
  shippingAddress: { fullAddress: '12 Road No. 36', city: 'Hyderabad', pincode: '500033', state: 'Telangana' },
  paymentStatus: 'Pending', paymentMethod: 'cod', orderStatus: 'Pending', orderedAt: '2026-11-20T10:00:00.000Z', deliveryFee: 300, orderTotal: 1100, ...over,
});

describe('cart page', () => {
  it('shows the lines, the ₹300 delivery below ₹50,000 and the total, and removes an item', async () => {
    const items = [item(), item({ productname: 'TMT Bar', productprice: 70, productQuantity: 10 })];
    const fetchMock = stubFetch((url, init) => {
      if (url === `/carts/${USER}`) return { body: items };
      if (url.startsWith('/delete/') && init?.method === 'DELETE') return { body: { message: 'Item removed from cart.' } };
      return undefined;
    });
    renderRoutes('/cart', [{ path: '/cart', element: <CartPage /> }]);
    await screen.findByText('TMT Bar');
    expect(screen.getByTestId('order-total').textContent).toBe('₹1,800.00');
    screen.getByText(/₹300 delivery; free on orders of ₹50,000 and above/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]!);
    await screen.findByText(CART_MSG.itemRemoved);
    expect(fetchMock.mock.calls.some(([u, i]) => String(u) === `/delete/${items[0]!._id}` && i?.method === 'DELETE')).toBe(true);
  });

  it('says the cart is empty', async () => {
    stubFetch((url) => (url === `/carts/${USER}` ? { body: [] } : undefined));
    renderRoutes('/cart', [{ path: '/cart', element: <CartPage /> }]);
    await screen.findByText(CART_MSG.cartEmpty);
  });
});

describe('checkout', () => {
  it('prefills from the profile, checks phone and pincode on the client, and sends no prices', async () => {
    const items = [item()];
    const fetchMock = stubFetch((url) => {
      if (url === `/carts/${USER}`) return { body: items };
      if (url === `/myprofile/${USER}`) return { body: { _id: USER, Full_Name: 'Asha Verma', Emailaddress: 'asha@example.test', Phone_Number: '98765', Location: 'Hyderabad' } };
      if (url === '/ordercart') return { status: 201, body: { message: 'Order placed successfully!', orderId: 'o1', orders: [], subtotal: 800, deliveryFee: 300, total: 1100, payment: null } };
      return undefined;
    });
    renderRoutes('/Cart/order', [{ path: '/Cart/order', element: <CheckoutPage /> }, { path: '/myorder', element: <p>My orders page</p> }]);
    await screen.findByDisplayValue('Asha Verma');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '12 Road No. 36, Jubilee Hills' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Telangana' } });
    fireEvent.change(screen.getByLabelText('Pincode'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('Please enter a 10-digit Indian mobile number.');
    screen.getByText('Please enter a 6-digit pincode.');
    expect(fetchMock.mock.calls.some(([u]) => u === '/ordercart')).toBe(false);
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Pincode'), { target: { value: '500033' } });
    fireEvent.click(screen.getByLabelText('UPI'));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('My orders page');
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/ordercart')!;
    const body = JSON.parse(String(init!.body));
    expect(body.paymentMethod).toBe('upi');
    expect(body.orders[0]).toMatchObject({ productId: items[0]!.productid, quantity: 2, customerId: USER, phone: '9876543210' });
    expect(body.orders[0].pricePerUnit).toBeUndefined();
    expect((init!.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('my orders: product orders', () => {
  it('groups lines placed together to one address into one card', () => {
    const a = orderLine();
    const b = orderLine({ productName: 'TMT Bar' });
    const c = orderLine({ orderedAt: '2026-11-21T10:00:00.000Z' });
    expect(groupOrders([a, b, c]).map((g) => g.length)).toEqual([2, 1]);
  });

  it('filters by status and cancels after the confirmation', async () => {
    const lines = [orderLine({ productName: 'Pending Cement' }), orderLine({ productName: 'Delivered Steel', orderStatus: 'Delivered' })];
    const fetchMock = stubFetch((url, init) => {
      if (url === `/orderdetails/${USER}`) return { body: lines };
      if (url.startsWith('/api/cancel/') && init?.method === 'PUT') return { body: { message: 'Order cancelled successfully.', orders: [] } };
      return undefined;
    });
    renderRoutes('/myorder', [{ path: '/myorder', element: <ProductOrders /> }]);
    await screen.findByText('Pending Cement');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Cancelled' } });
    screen.getByText(CART_MSG.noOrdersMatch);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'All Orders' } });
    expect(screen.getAllByRole('button', { name: 'Cancel' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    await screen.findByText(CART_MSG.orderCancelled);
    expect(fetchMock.mock.calls.some(([u, i]) => String(u) === `/api/cancel/${lines[0]!._id}` && i?.method === 'PUT')).toBe(true);
  });

  it('shows a Shipped line’s delivery code, a Delivered line’s date, and flags one left with someone else with its photo', async () => {
    const lines = [
      orderLine({ productName: 'UltraTech PPC', orderStatus: 'Shipped', deliveryCode: '0427' }),
      orderLine({ productName: 'TMT Bar', orderStatus: 'Delivered', deliveryCode: '5190', deliveredAt: '2026-11-24T06:30:00.000Z', orderedAt: '2026-11-21T10:00:00.000Z' }),
      orderLine({
        productName: 'Red Bricks', orderStatus: 'Delivered', deliveredAt: '2026-11-25T06:30:00.000Z', orderedAt: '2026-11-22T10:00:00.000Z',
        deliveredWithPhoto: { receivedBy: 'Ramesh (watchman)', photoUrl: '/api/files/e0e0e0e0-0000-4000-8000-000000000005' },
      }),
    ];
    stubFetch((url) => (url === `/orderdetails/${USER}` ? { body: lines } : undefined));
    renderRoutes('/myorder', [{ path: '/myorder', element: <ProductOrders /> }]);
    const line = (product: string) => screen.getByText(product).closest('li.list-group-item') as HTMLElement;
    await screen.findByText('UltraTech PPC');
    expect(within(line('UltraTech PPC')).getByLabelText('Delivery code 0427').textContent).toBe('0427');
    // Once delivered, the date instead of the code; a line left with someone says who, with the seller's photo.
    expect(line('TMT Bar').textContent).toContain('Delivered 24 Nov 2026');
    expect(within(line('TMT Bar')).queryByLabelText(/Delivery code/)).toBeNull();
    expect(within(line('TMT Bar')).queryByText(/Left with someone/)).toBeNull();
    expect(line('Red Bricks').textContent).toContain('Delivered 25 Nov 2026');
    within(line('Red Bricks')).getByText('Left with someone');
    expect(line('Red Bricks').textContent).toContain('received by Ramesh (watchman) in your absence');
    expect(within(line('Red Bricks')).getByRole('link', { name: 'Delivery photo' }).getAttribute('href')).toBe('/api/files/e0e0e0e0-0000-4000-8000-000000000005');
  });

  it('after a partial cancel of an unpaid order, shows what is still to pay beside the order total', async () => {
    const partly = { orderId: 'o-partly', paymentMethod: 'online', orderTotal: 1500, amountDue: 1100 } as const;
    const lines = [
      orderLine({ ...partly, productName: 'UltraTech PPC' }),
      orderLine({ ...partly, productName: 'Red Bricks', totalPrice: 400, orderStatus: 'Cancelled' }),
      orderLine({ orderId: 'o-whole', paymentMethod: 'online', productName: 'TMT Bar', orderedAt: '2026-11-21T10:00:00.000Z', amountDue: 1100 }),
      orderLine({ orderId: 'o-paid', productName: 'Apex Paint 20 L', paymentStatus: 'Paid', orderedAt: '2026-11-22T10:00:00.000Z', amountDue: 0 }),
    ];
    stubFetch((url) => (url === `/orderdetails/${USER}` ? { body: lines } : undefined));
    renderRoutes('/myorder', [{ path: '/myorder', element: <ProductOrders /> }]);
    const card = (product: string) => screen.getByText(product).closest('li.card') as HTMLElement;
    await screen.findByText('UltraTech PPC');
    within(card('UltraTech PPC')).getByText('Order total ₹1,500.00');
    within(card('UltraTech PPC')).getByText('· Still to pay ₹1,100.00');
    within(card('UltraTech PPC')).getByRole('button', { name: 'Pay now' });
    // Nothing cancelled, or nothing owed: the total says it all.
    expect(within(card('TMT Bar')).queryByText(/Still to pay/)).toBeNull();
    expect(within(card('Apex Paint 20 L')).queryByText(/Still to pay/)).toBeNull();
  });

  it('a mailed pay link (/myorder?pay=<orderId>) starts Pay now for that order once and clears the link', async () => {
    const lines = [orderLine({ orderId: 'o-online', paymentMethod: 'online', productName: 'Apex Paint 20 L' })];
    const opened: { order_id: string; modal: { ondismiss: () => void } }[] = [];
    vi.stubGlobal('Razorpay', class {
      constructor(options: { order_id: string; modal: { ondismiss: () => void } }) { opened.push(options); }
      on() {}
      open() { opened.at(-1)!.modal.ondismiss(); }
    });
    const fetchMock = stubFetch((url, init) => {
      if (url === `/orderdetails/${USER}`) return { body: lines };
      if (url === '/api/config') return { body: { googleClientId: null, onlinePayment: true, razorpayCheckoutUrl: '/checkout.js' } };
      if (url === '/api/payments/razorpay/order/o-online' && init?.method === 'POST') {
        return { body: { provider: 'razorpay', keyId: 'rzp_test_x', razorpayOrderId: 'order_abc', amount: 110000, currency: 'INR' } };
      }
      return undefined;
    });
    const { router } = renderRoutes('/myorder?pay=o-online', [{ path: '/myorder', element: <ProductOrders /> }]);
    await screen.findByText(PAY_MSG.dismissed);
    expect(opened.map((o) => o.order_id)).toEqual(['order_abc']);
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/payments/razorpay/order/o-online')).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it('a pay link for an order that is not payable or not there says so and starts nothing', async () => {
    const lines = [orderLine({ orderId: 'o-cod' })];
    const fetchMock = stubFetch((url) => {
      if (url === `/orderdetails/${USER}`) return { body: lines };
      if (url === '/api/config') return { body: { googleClientId: null, onlinePayment: true, razorpayCheckoutUrl: '/checkout.js' } };
      return undefined;
    });
    renderRoutes('/myorder?pay=o-cod', [{ path: '/myorder', element: <ProductOrders /> }]);
    await screen.findByText(PAY_LINK_MSG.notPayable);
    cleanup();
    renderRoutes('/myorder?pay=someone-elses', [{ path: '/myorder', element: <ProductOrders /> }]);
    await screen.findByText(PAY_LINK_MSG.notFound);
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/payments/'))).toBe(false);
  });
});
