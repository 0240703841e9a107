import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectToast } from './accounts.ts';
import { WAIT } from './journey.ts';

/** What a vendor types into Payouts; the beneficiary is the legal name, as a proprietor's or firm's bank holds it. */
export interface PayoutAccount {
  legalName: string;
  businessType: 'proprietorship' | 'partnership';
  pan: string;
  gstin?: string;
  accountNumber: string;
  ifsc: string;
}

/**
 * The open Payouts page filled and saved, then watched without a reload until the account is Activated (the local
 * Route stand-in reviews the linked account and posts the signed activation webhook, as Razorpay does).
 */
export async function activatePayouts(page: Page, account: PayoutAccount) {
  await page.getByLabel('Legal business name').fill(account.legalName);
  await page.getByLabel('Business type').selectOption(account.businessType);
  await page.getByLabel('PAN', { exact: true }).fill(account.pan);
  if (account.gstin) await page.getByLabel('GSTIN (optional)').fill(account.gstin);
  await page.getByLabel('Bank account number').fill(account.accountNumber);
  await page.getByLabel('IFSC').fill(account.ifsc);
  await page.getByLabel('Beneficiary name (as the bank holds it)').fill(account.legalName);
  await page.getByRole('button', { name: 'Save payout account' }).click();
  await expectToast(page, 'Payout account saved. It goes to the payment gateway for activation.', 'success');
  await expect.poll(() => page.getByTestId('payout-status').textContent(), { timeout: WAIT }).toBe('Activated: payouts are sent to this account');
}
