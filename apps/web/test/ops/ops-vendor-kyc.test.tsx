import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Component as OpsVendors } from '../../src/features/ops/routes/ops-vendors-page.tsx';
import { stubApi } from '../render.tsx';
import { operator, renderConsole } from './console.tsx';

const openConsole = (entry: string) => renderConsole(entry, { '': <p>Dashboard</p>, vendors: <OpsVendors /> });

const vendor = (id: string, businessName: string, extra: object = {}) => ({
  id, kind: 'seller', businessName, ownerName: 'Ravi Kumar', email: `${id.slice(-2)}@vendor.in`, phone: '9848012345', city: 'Hyderabad',
  businessAddress: 'Banjara Hills', category: 'Cement', subCategories: [], description: '', chargeAmount: null, chargeType: null, status: 'pending',
  rejectionReason: null, createdAt: '2026-11-20T10:00:00.000Z', approvedAt: null, suspendedAt: null, documents: [], ...extra,
});

const payout = { status: 'needs_clarification', routeAccountId: 'acc_00000000000001', statusReason: 'Bank proof is unclear' };
const kyc = {
  legalName: 'Balaji Cement Traders LLP', businessType: 'partnership', panMasked: 'XXXXXX939F', gstin: '27AAPFU0939F1ZV',
  accountNumberMasked: 'XXXXXXXXXXX5678', ifsc: 'UTIB0000123', beneficiaryName: 'Balaji Cement', updatedAt: '2026-11-21T10:00:00.000Z',
};
const withAccount = vendor('f00dbabe-0000-4000-8000-000000000011', 'Balaji Cement Traders', { payout, payoutKyc: kyc });
const withoutAccount = vendor('f00dbabe-0000-4000-8000-000000000012', 'New Plumbing Co');

describe('payout KYC in the approval queue', () => {
  it('shows a saved account masked as the server sends it, and says when a vendor has none', async () => {
    stubApi((c) => {
      if (c.path === '/api/ops/me') return { body: operator('support') };
      if (c.path.startsWith('/api/ops/vendors?')) return { body: { vendors: [withAccount, withoutAccount], total: 2, page: 1, pages: 1 } };
      return undefined;
    });
    openConsole('/ops/vendors');
    await screen.findByText('New Plumbing Co');
    const [first, second] = screen.getAllByTestId('ops-vendor-payout');
    const shown = first!.textContent!;
    expect(shown).toContain('Needs clarification');
    expect(shown).toContain('Bank proof is unclear');
    expect(shown).toContain('Balaji Cement Traders LLP (Partnership)');
    expect(shown).toContain('PAN XXXXXX939F');
    expect(shown).toContain('GSTIN 27AAPFU0939F1ZV');
    expect(shown).toContain('Bank account XXXXXXXXXXX5678');
    expect(shown).toContain('IFSC UTIB0000123');
    expect(shown).toContain('Beneficiary Balaji Cement');
    expect(within(screen.getAllByTestId('ops-vendor')[0]!).getByTestId('ops-vendor-payout')).toBe(first);
    expect(second!.textContent).toBe('No payout account saved yet.');
  });

  it('refuses an answer carrying an unmasked account number instead of showing it', async () => {
    const leaked = vendor(withAccount.id, withAccount.businessName, { payout, payoutKyc: { ...kyc, accountNumberMasked: '918020012345678' } });
    stubApi((c) => {
      if (c.path === '/api/ops/me') return { body: operator('support') };
      if (c.path.startsWith('/api/ops/vendors?')) return { body: { vendors: [leaked], total: 1, page: 1, pages: 1 } };
      return undefined;
    });
    openConsole('/ops/vendors');
    await screen.findByRole('alert');
    expect(document.body.textContent).not.toContain('918020012345678');
    expect(screen.queryByTestId('ops-vendor')).toBeNull();
  });
});
