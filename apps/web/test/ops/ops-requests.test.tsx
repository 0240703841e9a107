import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpsRfq } from '@nirmaan/shared/rfqs';
import { Component as OpsRequests } from '../../src/features/ops/routes/ops-requests-page.tsx';
import { stubApi } from '../render.tsx';
import { operator, renderConsole } from './console.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const abusive: OpsRfq = {
  _id: 'r0000000-0000-4000-8000-000000000001', state: 'open', collecting: true,
  items: [{ _id: 'a0000000-0000-4000-8000-000000000001', category: 'Cement', description: 'OPC 53', quantity: 300, unit: 'bags' }],
  pincode: '500032', district: 'K.V.Rangareddy', neededBy: { from: '2026-11-30', to: '2026-12-07' }, floors: 0, notes: 'Rude words here.', quoteDays: 3,
  closesAt: '2026-12-01T10:00:00.000Z', createdAt: '2026-11-27T10:00:00.000Z', acceptedQuoteId: null, orderId: null, sellerCount: 3, quotes: [], messages: [],
  customer: { _id: 'c0000000-0000-4000-8000-000000000001', name: 'Ravi Kumar', email: 'ravi@example.in' }, hiddenReason: null,
};

describe('the console\'s Requests', () => {
  it('searches requests by words and hides an abusive one with a reason', async () => {
    let current = abusive;
    const api = stubApi((c) => {
      if (c.path === '/api/ops/me') return { body: operator('support') };
      if (c.method === 'GET' && c.path.startsWith('/api/ops/rfqs?')) return { body: { rfqs: [current], total: 1, page: 1, pageSize: 50 } };
      if (c.method === 'POST' && c.path === `/api/ops/rfqs/${abusive._id}/hide`) {
        current = { ...abusive, state: 'hidden', hiddenReason: 'Abusive notes' };
        return { body: current };
      }
      return undefined;
    });
    const { location } = renderConsole('/ops/requests', { requests: <OpsRequests /> });
    const row = await screen.findByRole('listitem', { name: 'Request by Ravi Kumar' }, { timeout: 10_000 });
    expect(row.textContent).toContain('300 bags OPC 53 (Cement)');
    fireEvent.change(screen.getByLabelText('Words in the notes or items'), { target: { value: 'rude' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/ops/requests?q=rude'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/ops/rfqs?page=1&q=rude')).toBe(true));

    const found = await screen.findByRole('listitem', { name: 'Request by Ravi Kumar' }, { timeout: 10_000 });
    fireEvent.click(within(found).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText("Please write a reason to hide Ravi Kumar's request.")).toBeTruthy();
    expect(api.to('POST', `/api/ops/rfqs/${abusive._id}/hide`)).toHaveLength(0);
    fireEvent.change(within(found).getByLabelText("Reason to hide Ravi Kumar's request"), { target: { value: 'Abusive notes' } });
    fireEvent.click(within(found).getByRole('button', { name: 'Hide' }));
    await screen.findByText("Ravi Kumar's request is hidden: it left the sellers' inboxes and its quotes are closed.");
    expect(api.to('POST', `/api/ops/rfqs/${abusive._id}/hide`)[0]!.body).toEqual({ reason: 'Abusive notes' });
    await screen.findByText('Hidden: Abusive notes');
  });
});
