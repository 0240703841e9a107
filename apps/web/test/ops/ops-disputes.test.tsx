import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Component as OpsDisputes } from '../../src/features/ops/routes/ops-disputes-page.tsx';
import { stubApi, type Call } from '../render.tsx';
import { operator, renderConsole } from './console.tsx';

const dispute = (over: object) => ({
  id: 'f00dbabe-0000-4000-8000-000000000101', lineId: 'f00dbabe-0000-4000-8000-000000000102', bookingId: null,
  orderId: 'f00dbabe-0000-4000-8000-000000000103', subject: 'Glazed floor tiles 2×2 ft', vendorId: 'f00dbabe-0000-4000-8000-000000000104',
  vendorName: 'Sai Tiles', customerName: 'Asha Sharma', reason: 'damaged', text: 'Half the tiles arrived cracked in the box.', photoIds: [],
  status: 'open', vendorAnswer: null, answeredAt: null, resolutionReason: null, resolvedAt: null, paidPaise: 0, refundedPaise: 0,
  createdAt: '2026-11-20T10:00:00.000Z', ...over,
});

/** The disputes screen for support, listing `listed`; a resolve POST answers `resolved`. */
function openDisputes(listed: object, resolved: object) {
  const api = stubApi((c: Call) => {
    if (c.path === '/api/ops/me') return { body: operator('support', 'support@demo.nirmaan.in') };
    if (c.method === 'GET' && c.path.startsWith('/api/ops/disputes')) return { body: { disputes: [listed], total: 1, page: 1, pages: 1 } };
    if (c.method === 'POST' && c.path.endsWith('/resolve')) return { body: resolved };
    return undefined;
  });
  renderConsole('/ops/disputes', { disputes: <OpsDisputes /> });
  return api;
}

describe('resolving a dispute in the console', () => {
  it('records a cash sale’s refund paid outside Nirmaan with its method and reference', async () => {
    const paidOutside = { method: 'bank', reference: 'UTR SBIN626012345' };
    const api = openDisputes(dispute({}), dispute({ status: 'refunded', refundedPaise: 40_000, paidOutside, resolutionReason: 'Cracked tiles' }));
    const card = await screen.findByRole('listitem', { name: /Dispute about Glazed floor tiles/ });
    fireEvent.change(within(card).getByRole('combobox', { name: 'Outcome' }), { target: { value: 'full_refund' } });
    within(card).getByRole('option', { name: 'Full refund (cash sale: paid outside Nirmaan)' });
    fireEvent.change(within(card).getByRole('combobox', { name: 'Paid to the customer by' }), { target: { value: 'bank' } });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Payment reference (UPI transaction id or bank UTR)' }), { target: { value: paidOutside.reference } });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Reason for the decision' }), { target: { value: 'Cracked tiles' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Resolve' }));
    await screen.findByText('Recorded ₹400.00 paid outside Nirmaan (bank UTR SBIN626012345) for Glazed floor tiles 2×2 ft.');
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ outcome: 'full_refund', reason: 'Cracked tiles', paidOutside });
  });

  it('refunds an online payment through Nirmaan, asking for no outside reference', async () => {
    const api = openDisputes(dispute({ paidPaise: 40_000 }), dispute({ paidPaise: 40_000, status: 'refunded', refundedPaise: 40_000 }));
    const card = await screen.findByRole('listitem', { name: /Dispute about Glazed floor tiles/ });
    fireEvent.change(within(card).getByRole('combobox', { name: 'Outcome' }), { target: { value: 'full_refund' } });
    expect(within(card).queryByRole('textbox', { name: /Payment reference/ })).toBeNull();
    fireEvent.change(within(card).getByRole('textbox', { name: 'Reason for the decision' }), { target: { value: 'Cracked tiles' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Resolve' }));
    await screen.findByText('Refunded ₹400.00 for Glazed floor tiles 2×2 ft.');
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ outcome: 'full_refund', reason: 'Cracked tiles' }));
  });

  it('refuses a partial refund whose amount is not rupees before sending, then sends it in paise', async () => {
    const api = openDisputes(dispute({ paidPaise: 40_000 }), dispute({ paidPaise: 40_000, status: 'refunded', refundedPaise: 12_050 }));
    const card = await screen.findByRole('listitem', { name: /Dispute about Glazed floor tiles/ });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Refund amount in rupees' }), { target: { value: '120.505' } });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Reason for the decision' }), { target: { value: 'Some tiles cracked' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Resolve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the refund in rupees, e.g. 450 or 450.50.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(card).getByRole('textbox', { name: 'Refund amount in rupees' }), { target: { value: '120.50' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Resolve' }));
    await screen.findByText('Refunded ₹120.50 for Glazed floor tiles 2×2 ft.');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ outcome: 'partial_refund', reason: 'Some tiles cracked', amountPaise: 12_050 });
  });
});
