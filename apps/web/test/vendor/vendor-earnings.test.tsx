import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Component as VendorEarnings } from '../../src/features/vendor-earnings/routes/vendor-earnings-page.tsx';
import { renderPage, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (over: Record<string, unknown>) => ({
  kind: 'line', id: 'l1', orderId: 'o1', title: 'UltraTech Cement × 2', date: '2026-11-20T10:00:00.000Z', paymentMethod: 'online',
  grossPaise: 80_000, commissionPaise: 4_000, netPaise: 76_000, state: 'released', holdUntil: null, ...over,
});

describe('the Earnings page', () => {
  it('shows each sale with gross, commission, net and where the money is, the month and the cash commission owed', async () => {
    stubApi((c) => (c.path === '/api/vendor/earnings' ? {
      body: {
        entries: [
          entry({}),
          entry({ id: 'l2', title: 'Steel rod × 1', state: 'on_hold', holdUntil: '2026-12-01T10:00:00.000Z' }),
          entry({ id: 'l3', title: 'Sand × 1', paymentMethod: 'cod', grossPaise: 40_000, commissionPaise: 2_000, netPaise: 38_000, state: 'owed' }),
        ],
        month: { label: 'November 2026', grossPaise: 200_000, commissionPaise: 10_000, netPaise: 190_000 },
        cashCommissionOwedPaise: 2_000,
      },
    } : undefined));
    renderPage(VendorEarnings, '/vendor/earnings');
    const table = await screen.findByRole('table', { name: 'Earnings' });
    const row = within(table).getByText('UltraTech Cement × 2').closest('tr')!;
    expect(row.textContent).toContain('₹800.00');
    expect(row.textContent).toContain('₹40.00');
    expect(row.textContent).toContain('₹760.00');
    expect(row.textContent).toContain('Released');
    expect(within(table).getByText('Steel rod × 1').closest('tr')!.textContent).toContain('On hold until 1 Dec 2026');
    expect(within(table).getByText('Sand × 1').closest('tr')!.textContent).toContain('Commission owed');
    expect(screen.getByTestId('month-net').textContent).toBe('₹1,900.00');
    expect(screen.getByTestId('cash-owed').textContent).toBe('₹20.00');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/vendor/earnings?format=csv');
  });

  it('says so when there is nothing yet', async () => {
    stubApi(() => ({ body: { entries: [], month: { label: 'November 2026', grossPaise: 0, commissionPaise: 0, netPaise: 0 }, cashCommissionOwedPaise: 0 } }));
    renderPage(VendorEarnings, '/vendor/earnings');
    await screen.findByText(/No earnings yet/);
  });
});
