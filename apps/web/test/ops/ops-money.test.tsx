import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Component as OpsDashboard } from '../../src/features/ops/routes/ops-dashboard-page.tsx';
import { Component as OpsMoney } from '../../src/features/ops/routes/ops-money-page.tsx';
import { failure, stubApi, type Answer, type Call } from '../render.tsx';
import { operator, renderConsole } from './console.tsx';

const openConsole = (entry: string) => renderConsole(entry, { '': <OpsDashboard />, money: <OpsMoney /> });

const held = {
  id: 'f00dbabe-0000-4000-8000-000000000071', vendorId: 'f00dbabe-0000-4000-8000-000000000009', vendorName: 'Zenith Cement Traders',
  orderId: 'f00dbabe-0000-4000-8000-000000000081', bookingId: null, status: 'held', amountPaise: 76_000, sentPaise: 76_000, reversedPaise: 0,
  razorpayTransferId: 'trf_1', gatewayStatus: 'processed', releaseDueAt: null, heldUntil: null, releasedAt: null, attempts: 0,
  nextAttemptAt: '2026-11-20T10:00:00.000Z', createdAt: '2026-11-20T10:00:00.000Z',
};
const figures = { orders: 0, gmv: 0, bookings: 0 };
const entry = { kind: 'line', id: 'f00dbabe-0000-4000-8000-000000000091', orderId: held.orderId, title: 'UltraTech Cement 50 kg', date: '2026-11-20T10:00:00.000Z', paymentMethod: 'online', grossPaise: 80_000, commissionPaise: 4_000, netPaise: 76_000, state: 'on_hold', holdUntil: null };
let ledgerAnswer: object = {};
const ledger = (over: object = {}) => ({
  vendorId: held.vendorId, vendorName: held.vendorName, payablePaise: 0, heldPaise: 76_000, releasedPaise: 12_500, cashCommissionOwedPaise: 1_500,
  transferredPaise: 88_500, reversedPaise: 0, reconciled: true, problems: [],
  earnings: { entries: [entry], month: { label: 'November 2026', grossPaise: 80_000, commissionPaise: 4_000, netPaise: 76_000 }, cashCommissionOwedPaise: 1_500 }, ...over,
});

/** A console server: `role` logged in, the transfers list from `transfers(status)`, POSTs to `onPost`. */
const consoleApi = (role: string, transfers: (status: string) => object[], onPost: (c: Call) => Answer | undefined = () => undefined) => stubApi((c) => {
  if (c.path === '/api/ops/me') return { body: operator(role) };
  if (c.path === '/api/ops/dashboard') {
    return { body: { today: figures, month: figures, vendorsAwaitingApproval: 0, openDisputes: 2, heldTransfers: { count: 3, sumPaise: 123_450 }, failedTransfers: 1 } };
  }
  if (c.path === '/api/ops/commission') return { body: { rates: [] } };
  if (c.path === `/api/ops/vendors/${held.vendorId}/ledger`) return { body: ledgerAnswer };
  if (c.method === 'GET' && c.path.startsWith('/api/ops/transfers')) {
    const rows = transfers(new URLSearchParams(c.path.split('?')[1] ?? '').get('status') ?? '');
    return { body: { transfers: rows, total: rows.length, page: 1, pages: 1 } };
  }
  if (c.method === 'POST') return onPost(c);
  return undefined;
});
const failed = { ...held, id: 'f00dbabe-0000-4000-8000-000000000072', status: 'failed', razorpayTransferId: null, sentPaise: null, attempts: 3 };

describe('the console money screens', () => {
  it('shows payouts on hold and failed transfers on the dashboard, each linking to its filtered list', async () => {
    const api = consoleApi('finance', (status) => (status === 'failed' ? [failed] : [held]));
    const { location } = openConsole('/ops');
    expect((await screen.findByTestId('held-transfers')).textContent).toBe('3');
    screen.getByRole('link', { name: /Payouts on hold: 3 · ₹1,234.50/ });
    fireEvent.click(screen.getByRole('link', { name: /Failed transfers: 1/ }));
    await waitFor(() => expect(location()).toBe('/ops/money?status=failed'));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/ops/transfers?status=failed&page=1'));
    await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByTestId('transfer-status').textContent).toBe('Failed');
    expect(screen.queryByRole('button', { name: 'Release now' })).toBeNull();
  });

  it('releases a held transfer with a reason and shows it released; shows the server’s refusal as it is', async () => {
    let released = false;
    const api = consoleApi('finance', () => [released ? { ...held, status: 'released', releasedAt: '2026-11-22T10:00:00.000Z' } : held], (c) => {
      if (c.path !== `/api/ops/transfers/${held.id}/release`) return undefined;
      if (!(c.body as { reason: string }).reason) return failure(400, 'Please give a reason (at least 3 characters).', 'BAD_REQUEST');
      released = true;
      return { body: { ...held, status: 'released', releasedAt: '2026-11-22T10:00:00.000Z' } };
    });
    openConsole('/ops/money?status=held');
    const row = await screen.findByTestId('ops-transfer');
    within(row).getByText('₹760.00');
    fireEvent.click(within(row).getByRole('button', { name: 'Release now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please give a reason (at least 3 characters).');
    fireEvent.change(within(row).getByLabelText('Reason'), { target: { value: 'Customer confirmed delivery' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Release now' }));
    await screen.findByText('Transfer f00dbabe: released.');
    await waitFor(() => expect(screen.getByTestId('transfer-status').textContent).toBe('Released'));
    expect(api.to('POST', `/api/ops/transfers/${held.id}/release`).at(-1)!.body).toEqual({ reason: 'Customer confirmed delivery' });
    expect(screen.queryByRole('button', { name: 'Release now' })).toBeNull();
  });

  it('extends a hold by a number of days', async () => {
    const api = consoleApi('admin', () => [held], (c) => (c.path.endsWith('/extend') ? { body: { ...held, heldUntil: '2026-12-01T10:00:00.000Z' } } : undefined));
    openConsole('/ops/money');
    const row = await screen.findByTestId('ops-transfer');
    fireEvent.change(within(row).getByLabelText('Days to extend'), { target: { value: '10' } });
    fireEvent.change(within(row).getByLabelText('Reason'), { target: { value: 'Complaint under review' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Extend hold' }));
    await screen.findByText(`Held until ${new Date('2026-12-01T10:00:00.000Z').toLocaleDateString('en-IN')}.`);
    expect(api.to('POST', `/api/ops/transfers/${held.id}/extend`)[0]!.body).toEqual({ days: 10, reason: 'Complaint under review' });
  });

  it('filters by a vendor from a transfer and shows that vendor’s ledger above its transfers', async () => {
    ledgerAnswer = ledger();
    const api = consoleApi('support', () => [held]);
    const { location } = openConsole('/ops/money');
    fireEvent.click(within(await screen.findByTestId('ops-transfer')).getByRole('button', { name: held.vendorName }));
    await waitFor(() => expect(location()).toBe(`/ops/money?vendorId=${held.vendorId}`));
    const panel = await screen.findByRole('region', { name: `Ledger of ${held.vendorName}` });
    const figure = (label: string) => within(panel).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    expect([figure('On hold'), figure('Released'), figure('Cash commission owed'), figure('Transferred by the gateway')]).toEqual(['₹760.00', '₹125.00', '₹15.00', '₹885.00']);
    expect(within(panel).getByRole('status').textContent).toBe('Reconciled with the gateway.');
    within(panel).getByText('November 2026: gross ₹800.00, commission ₹40.00, net ₹760.00');
    expect(within(panel).getByTestId('ledger-entry').textContent).toContain('UltraTech Cement 50 kg');
    expect(within(panel).getByTestId('ledger-entry').textContent).toContain('On hold');
    expect(api.calls.map((c) => c.path)).toContain(`/api/ops/transfers?vendorId=${held.vendorId}&page=1`);
  });

  it('says how a vendor’s ledger does not reconcile', async () => {
    ledgerAnswer = ledger({ reconciled: false, problems: ['1 unbalanced movements', 'held in ledger 77000 ≠ gateway 76000'] });
    consoleApi('finance', () => [held]);
    openConsole(`/ops/money?vendorId=${held.vendorId}`);
    const panel = await screen.findByRole('region', { name: `Ledger of ${held.vendorName}` });
    const alert = within(panel).getByRole('alert');
    expect(alert.textContent).toContain('Does not reconcile with the gateway');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 unbalanced movements', 'held in ledger 77000 ≠ gateway 76000']);
  });

  it("shows the gateway's own report and how far it is from our records", async () => {
    const gateway = { transferredPaise: 89_500, reversedPaise: 0, heldPaise: 77_000, differencePaise: 1_000, paymentsChecked: 2, paymentsTotal: 2 };
    ledgerAnswer = ledger({ gateway, reconciled: false, problems: ["the gateway's net transfers to the vendor differ from ours by 1000 (gateway 89500)"] });
    consoleApi('finance', () => [held]);
    openConsole(`/ops/money?vendorId=${held.vendorId}`);
    const panel = await screen.findByRole('region', { name: `Ledger of ${held.vendorName}` });
    expect(within(panel).getByTestId('ledger-gateway').textContent)
      .toBe('The gateway reports ₹895.00 transferred, ₹0.00 reversed and ₹770.00 on hold (all 2 payments): ₹10.00 more than our records.');
    expect(within(panel).getByRole('alert').textContent).toContain('differ from ours by 1000');
  });

  it('lets an admin set a commission rate: a bad rate is refused before sending, the server’s refusal is shown as it is', async () => {
    const api = stubApi((c) => {
      if (c.path === '/api/ops/me') return { body: operator('admin') };
      if (c.method === 'GET' && c.path.startsWith('/api/ops/transfers')) return { body: { transfers: [], total: 0, page: 1, pages: 1 } };
      if (c.path !== '/api/ops/commission') return undefined;
      if (c.method === 'GET') return { body: { rates: [] } };
      const body = c.body as { value: string; rateBps: number };
      return body.value === 'Cement' ? { body: { rates: [] } } : failure(400, 'No category is called Cemnt.', 'BAD_REQUEST');
    });
    openConsole('/ops/money');
    const form = await screen.findByRole('form', { name: 'Set a commission rate' });
    fireEvent.change(within(form).getByLabelText('Scope'), { target: { value: 'category' } });
    fireEvent.change(within(form).getByLabelText('Rate in percent'), { target: { value: '7.555' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rate' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Please enter a rate between 0 and 100, e.g. 7.5.');
    expect(api.to('PUT', '/api/ops/commission')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Category'), { target: { value: 'Cemnt' } });
    fireEvent.change(within(form).getByLabelText('Rate in percent'), { target: { value: '7.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('No category is called Cemnt.'));
    fireEvent.change(within(form).getByLabelText('Category'), { target: { value: 'Cement' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rate' }));
    await within(form).findByText('The rate is now 7.50% for new sales.');
    expect(api.to('PUT', '/api/ops/commission').at(-1)!.body).toEqual({ scope: 'category', value: 'Cement', rateBps: 750 });
  });

  it('offers support the list but no action', async () => {
    consoleApi('support', () => [held, failed]);
    openConsole('/ops/money');
    expect(await screen.findAllByTestId('ops-transfer')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Release now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Extend hold' })).toBeNull();
  });
});
