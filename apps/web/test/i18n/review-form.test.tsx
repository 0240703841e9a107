import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Messages } from '@lingui/core';
import type { Locale } from '@nirmaan/shared/i18n';
import { messages as hi } from '../../src/locales/hi.po';
import { messages as te } from '../../src/locales/te.po';
import { messages as mr } from '../../src/locales/mr.po';
import { Component as VendorPage } from '../../src/features/services/routes/vendor-page.tsx';
import { Component as ProductPage } from '../../src/features/products/routes/product-page.tsx';
import { i18nWith } from '../../src/lib/i18n.ts';
import { makeProductDetail, makeVendorProfile, stubReviewableProfessional } from '../catalogue/fixtures.ts';
import { renderIn, renderRoutes, stubFetch } from '../render.tsx';

/**
 * Issue 33: the review form a customer writes on a professional's or a product's page speaks the page's language —
 * its labels, its stars, its checks and its answers — while the review itself is sent as written.
 */

vi.setConfig({ testTimeout: 30_000 });
const CATALOGUES: Record<Exclude<Locale, 'en'>, Messages> = { hi, te, mr };
const i18nFor = (locale: Exclude<Locale, 'en'>) => i18nWith(locale, CATALOGUES[locale]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the review form in a language', () => {
  it('a Telugu customer writes a review of a professional in Telugu: labels, stars, the missing-rating check and the thanks', async () => {
    const vendor = makeVendorProfile();
    const fetchMock = stubReviewableProfessional(vendor, 'Lakshmi Prasanna', 'చక్కటి పని');
    renderIn(i18nFor('te'), () => renderRoutes(`/service/details/${vendor._id}`, [{ path: '/service/details/:id', element: <VendorPage /> }]));

    const comment = await screen.findByLabelText('మీ రివ్యూ');
    expect(comment.getAttribute('placeholder')).toBe('మీకు ఏది నచ్చింది, ఏది నచ్చలేదు?');
    // No reviews yet, in Telugu too.
    expect(screen.queryByText('No reviews yet. Be the first to review!')).toBeNull();
    fireEvent.change(comment, { target: { value: 'చక్కటి పని' } });
    fireEvent.click(screen.getByRole('button', { name: 'రివ్యూ సబ్మిట్ చేయండి' }));
    await screen.findByText('దయచేసి రేటింగ్, మీ అభిప్రాయం రెండూ ఇవ్వండి.');

    fireEvent.click(screen.getByRole('radio', { name: '4 స్టార్లు' }));
    fireEvent.click(screen.getByRole('button', { name: 'రివ్యూ సబ్మిట్ చేయండి' }));
    await screen.findByText('రివ్యూ సబ్మిట్ అయింది!');
    // The review goes to the server as written.
    const post = fetchMock.mock.calls.find(([url]) => url === '/review/c-1');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ vendorids: vendor._id, customerName: 'Lakshmi Prasanna', rating: 4, comment: 'చక్కటి పని' });
    expect(document.body.textContent).not.toMatch(/Submit Review|Your review|Rating|stars?\b/);
  });

  it('a Hindi visitor is asked in Hindi to log in before reviewing a product', async () => {
    const product = makeProductDetail();
    stubFetch((url) => {
      if (url === `/product/${product._id}`) return { body: product };
      if (url.startsWith('/api/products/')) return { body: [] };
      if (url.startsWith('/fetch/review/product/') || url.startsWith('/api/reviews')) return { body: { getreview: [] } };
      return undefined;
    });
    renderIn(i18nFor('hi'), () => renderRoutes(`/product/${product._id}`, [{ path: '/product/:id', element: <ProductPage /> }]));
    fireEvent.click(await screen.findByRole('button', { name: 'रिव्यू लिखें' }));
    await screen.findByText('रिव्यू लिखने के लिए कृपया लॉग इन करें।');
  });
});
