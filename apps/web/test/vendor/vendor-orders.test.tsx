import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Component as VendorOrders } from '../../src/features/vendor-orders/routes/vendor-orders-page.tsx';
import { failure, findToast, renderPage, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const line = {
  _id: 'a1b2c3d4-0000-4000-8000-000000000001', vendorid: 'f00dbabe-0000-4000-8000-000000000002', productId: 'b0b0b0b0-0000-4000-8000-000000000003',
  productName: 'JSW Neosteel TMT 12 mm', productImage: '/images/steel.svg', quantity: 2, pricePerUnit: 780, totalPrice: 1560,
  customerId: 'c0ffee00-0000-4000-8000-000000000001', customerName: 'Asha Verma', phone: '9876543210', email: 'asha@example.in',
  shippingAddress: { fullAddress: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', pincode: '500033', state: 'Telangana' },
  paymentStatus: 'Pending', paymentMethod: 'cod', orderStatus: 'Pending', orderedAt: '2026-11-23T10:00:00.000Z',
  orderId: 'd0d0d0d0-0000-4000-8000-000000000004', deliveryFee: 300, orderTotal: 1860,
};

describe('vendor orders page', () => {
  it('shows each line with the customer’s address and moves it to Shipped, then Delivered', async () => {
    let status = 'Pending';
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/orders') return { body: [{ ...line, orderStatus: status }] };
      if (c.method === 'PATCH' && c.path === `/api/vendor/orders/${line._id}`) {
        status = (c.body as { status: string }).status;
        return { body: { ...line, orderStatus: status } };
      }
      return undefined;
    });
    renderPage(VendorOrders, '/vendor/orders');
    const card = await screen.findByTestId('vendor-order-line');
    expect(card.textContent).toContain('JSW Neosteel TMT 12 mm × 2');
    expect(card.textContent).toContain('Asha Verma · 9876543210 · 12 Road No. 36, Jubilee Hills, Hyderabad, Telangana, 500033');
    fireEvent.click(within(card).getByRole('button', { name: 'Mark Shipped' }));
    await findToast('JSW Neosteel TMT 12 mm marked Shipped.');
    within(card).getByText('Shipped');
    fireEvent.click(within(card).getByRole('button', { name: 'Mark Delivered' }));
    // Delivered asks for the customer's delivery code first (decision 032).
    const dialog = screen.getByRole('dialog', { name: 'Deliver JSW Neosteel TMT 12 mm × 2' });
    fireEvent.change(within(dialog).getByLabelText('Customer’s delivery code'), { target: { value: '4821' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Delivered' }));
    await findToast('JSW Neosteel TMT 12 mm marked Delivered.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(api.to('PATCH', `/api/vendor/orders/${line._id}`).map((c) => c.body)).toEqual([{ status: 'Shipped' }, { status: 'Delivered', deliveryCode: '4821' }]);
  });

  it('shows a refused code in the dialog, and delivers with a photo and the receiver’s name when the customer is away', async () => {
    const shipped = { ...line, orderStatus: 'Shipped' };
    const photoId = 'e0e0e0e0-0000-4000-8000-000000000005';
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/orders') return { body: [shipped] };
      if (c.method === 'POST' && c.path === '/api/files') return { status: 201, body: { id: photoId, contentType: 'image/png', size: 68, url: `/api/files/${photoId}` } };
      if (c.method === 'PATCH' && (c.body as { deliveryCode?: string }).deliveryCode) return failure(400, 'That delivery code is wrong. 4 tries left.', 'BAD_REQUEST');
      if (c.method === 'PATCH') return { body: { ...shipped, orderStatus: 'Delivered', deliveredAt: '2026-11-25T09:00:00.000Z', deliveredWithPhoto: { receivedBy: 'Ramesh', photoUrl: `/api/files/${photoId}` } } };
      return undefined;
    });
    renderPage(VendorOrders, '/vendor/orders');
    const card = await screen.findByTestId('vendor-order-line');
    fireEvent.click(within(card).getByRole('button', { name: 'Mark Delivered' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Customer’s delivery code'), { target: { value: '1111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Delivered' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That delivery code is wrong. 4 tries left.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Customer not at home? Deliver with a photo' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Delivered' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please add a photo of the delivery.');
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'gate.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Photo of the delivery'), { target: { files: [photo] } });
    fireEvent.change(within(dialog).getByLabelText('Received by'), { target: { value: 'Ramesh' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Delivered' }));
    await findToast('JSW Neosteel TMT 12 mm marked Delivered.');
    expect(card.textContent).toContain('delivered');
    expect(card.textContent).toContain('to Ramesh');
    expect(api.to('PATCH', `/api/vendor/orders/${line._id}`).map((c) => c.body)).toEqual([
      { status: 'Delivered', deliveryCode: '1111' }, { status: 'Delivered', photo: photoId, receivedBy: 'Ramesh' },
    ]);
  });

  it('leaves an unpaid online line alone, and cancels a paid Pending line only after confirming', async () => {
    stubApi((c) => (c.method === 'GET' && c.path === '/api/vendor/orders' ? { body: [{ ...line, paymentMethod: 'online', paymentStatus: 'Pending' }] } : undefined));
    renderPage(VendorOrders, '/vendor/orders');
    const unpaid = await screen.findByTestId('vendor-order-line');
    expect(unpaid.textContent).toContain('Payment pending');
    within(unpaid).getByText('Awaiting payment');
    expect(within(unpaid).queryByRole('button')).toBeNull();
    cleanup();

    const paid = { ...line, paymentMethod: 'upi', paymentStatus: 'Paid' };
    let status = 'Pending';
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/orders') return { body: [{ ...paid, orderStatus: status }] };
      if (c.method === 'PATCH' && c.path === `/api/vendor/orders/${line._id}`) {
        status = (c.body as { status: string }).status;
        return { body: { ...paid, orderStatus: status, paymentStatus: 'Refunded' } };
      }
      return undefined;
    });
    renderPage(VendorOrders, '/vendor/orders');
    const card = await screen.findByTestId('vendor-order-line');
    within(card).getByRole('button', { name: 'Mark Shipped' });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this item?' });
    expect(dialog.textContent).toContain('the customer is refunded');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to('PATCH', `/api/vendor/orders/${line._id}`)).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel item' }));
    await findToast('JSW Neosteel TMT 12 mm marked Cancelled.');
    within(card).getByText('Cancelled');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(api.to('PATCH', `/api/vendor/orders/${line._id}`).map((c) => c.body)).toEqual([{ status: 'Cancelled' }]);
  });

  it('shows the server’s refusal and an empty state', async () => {
    stubApi((c) => {
      if (c.method === 'GET') return { body: [line] };
      return failure(409, 'This item is Cancelled: it cannot be marked Shipped.', 'CONFLICT');
    });
    renderPage(VendorOrders, '/vendor/orders');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Shipped' }));
    expect((await findToast('This item is Cancelled: it cannot be marked Shipped.')).className).toContain('danger');
    cleanup();
    stubApi((c) => (c.method === 'GET' ? { body: [] } : undefined));
    renderPage(VendorOrders, '/vendor/orders');
    await screen.findByText(/No orders yet/);
  });
});
