import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { LOCALE_COOKIE } from '@nirmaan/shared/i18n';
import { messages as mr } from '../../src/locales/mr.po';
import { i18nWith } from '../../src/lib/i18n.ts';
import { Component as VendorShell } from '../../src/features/vendor/routes/vendor-shell.tsx';
import { renderApp, renderIn, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
  sessionStorage.clear();
});

const me = {
  _id: 'f00dbabe-0000-4000-8000-000000000002', kind: 'seller', Owner_name: 'Ravi Teja', Business_Name: 'Balaji Cement Traders',
  email: 'seller@example.in', phone: '9876543210', city: 'Hyderabad', Category: 'Cement', Profile_Image: null, approved: true,
};
const serve = () => stubApi((c) => {
  if (c.path === '/api/vendor/me') return { body: me };
  if (c.path === '/api/vendor/language') return { body: c.body };
  return undefined;
});
const renderPortal = () => renderApp('/vendor', [{ path: '/vendor', element: <VendorShell />, children: [{ index: true, element: <p>Front page</p> }] }]);

describe('the vendor’s chosen language is saved on the account', () => {
  it('a vendor who chose मराठी has it saved once (its mails follow), not again on the next page', async () => {
    document.cookie = `${LOCALE_COOKIE}=mr; path=/`;
    const api = serve();
    renderIn(i18nWith('mr', mr), renderPortal);
    await screen.findByText('Front page');
    await waitFor(() => expect(api.to('PUT', '/api/vendor/language').map((c) => c.body)).toEqual([{ language: 'mr' }]));
    cleanup();
    renderIn(i18nWith('mr', mr), renderPortal);
    await screen.findByText('Front page');
    expect(api.to('PUT', '/api/vendor/language')).toHaveLength(1);
  });

  it('a portal read in the browser’s own language, never chosen, saves nothing', async () => {
    const api = serve();
    renderIn(i18nWith('mr', mr), renderPortal);
    await screen.findByText('Front page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.to('PUT', '/api/vendor/language')).toEqual([]);
  });
});
