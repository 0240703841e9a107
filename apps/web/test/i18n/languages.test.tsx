import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n, type Messages } from '@lingui/core';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { CartItem } from '@nirmaan/shared/cart';
import { dateLocale, LOCALE_NAMES, NUMBER_LOCALE, type Locale } from '@nirmaan/shared/i18n';
import { formatDate } from '@nirmaan/shared/dates';
import { formatPaise } from '@nirmaan/shared/money';
import { messages as en } from '../../src/locales/en.po';
import { messages as hi } from '../../src/locales/hi.po';
import { messages as te } from '../../src/locales/te.po';
import { messages as mr } from '../../src/locales/mr.po';
import { Layout } from '../../src/app/layout.tsx';
import { Component as LandingPage } from '../../src/features/landing/routes/landing-page.tsx';
import { Component as ProductPage } from '../../src/features/products/routes/product-page.tsx';
import { Component as CartPage } from '../../src/features/cart/routes/cart-page.tsx';
import { Component as CheckoutPage } from '../../src/features/cart/routes/checkout-page.tsx';
import { Component as MyOrdersPage } from '../../src/app/my-orders-page.tsx';
import { Component as LoginPage } from '../../src/features/auth/routes/login-page.tsx';
import { Component as SignupPage } from '../../src/features/auth/routes/signup-page.tsx';
import { Component as ForgotPasswordPage } from '../../src/features/auth/routes/forgot-password-page.tsx';
import { Component as ProfilePage } from '../../src/features/profile/routes/profile-page.tsx';
import { Component as CategoryPage } from '../../src/features/categories/routes/category-page.tsx';
import { Component as MaterialsPage } from '../../src/features/products/routes/materials-page.tsx';
import { Component as ServicesPage } from '../../src/features/services/routes/services-page.tsx';
import { Component as StorePage } from '../../src/features/store/routes/store-page.tsx';
import { Component as AboutPage } from '../../src/features/about/routes/about-page.tsx';
import { Component as NotFoundPage } from '../../src/app/not-found-page.tsx';
import { Component as CustomerChatPage } from '../../src/features/chat/routes/customer-chat-page.tsx';
import { team, testimonials } from '../../src/features/about/content.ts';
import type { OrderLine } from '@nirmaan/shared/cart';
import { Price } from '../../src/components/ui/price.tsx';
import { i18nWith } from '../../src/lib/i18n.ts';
import { storeUser } from '../../src/lib/session.ts';
import { makeProduct, makeProductDetail, makeVendor, makeVendorProfile } from '../catalogue/fixtures.ts';
import { renderIn, renderPage, renderRoutes, renderUi, stubApi, stubFetch } from '../render.tsx';
import type { VendorMe } from '@nirmaan/shared/vendor-auth';
import { Component as VendorDashboard } from '../../src/features/vendor-dashboard/routes/vendor-dashboard-page.tsx';
import { Component as VendorOrders } from '../../src/features/vendor-orders/routes/vendor-orders-page.tsx';
import { Component as VendorProducts } from '../../src/features/vendor-products/routes/vendor-products-page.tsx';
import { Component as VendorProductEdit } from '../../src/features/vendor-products/routes/vendor-product-edit-page.tsx';
import { Component as VendorEarnings } from '../../src/features/vendor-earnings/routes/vendor-earnings-page.tsx';
import { Component as VendorPayouts } from '../../src/features/vendor-payouts/routes/vendor-payouts-page.tsx';
import { Component as VendorDelivery } from '../../src/features/vendor-delivery/routes/vendor-delivery-page.tsx';
import { Component as VendorReviews } from '../../src/features/vendor-reviews/routes/vendor-reviews-page.tsx';
import { Component as VendorProjects } from '../../src/features/vendor-projects/routes/vendor-projects-page.tsx';
import { Component as VendorBookings } from '../../src/features/vendor-bookings/routes/vendor-bookings-page.tsx';

// Whole pages in jsdom on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

const CATALOGUES: Record<Locale, Messages> = { en, hi, te, mr };
const i18nFor = (locale: Locale) => i18nWith(locale, CATALOGUES[locale]);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The cart page's line under its heading, by its English source (the catalogue's id is made from it). */
const UNITS_IN_CART = '{0, plural, one {# unit in your cart} other {# units in your cart}}';
const unitsInCart = (locale: Locale, n: number) => i18nFor(locale)._(generateMessageId(UNITS_IN_CART), { 0: n });

describe('plurals, each language by its own rules', () => {
  it('English and Marathi say one for 1 only; Hindi treats 0 as one too; Telugu has one and other', () => {
    expect([0, 1, 2].map((n) => unitsInCart('en', n))).toEqual(['0 units in your cart', '1 unit in your cart', '2 units in your cart']);
    // CLDR: Hindi's "one" is i = 0 or n = 1, so 0 takes the singular (है), 2 the plural (हैं).
    expect([0, 1, 2].map((n) => unitsInCart('hi', n))).toEqual(['कार्ट में 0 यूनिट है', 'कार्ट में 1 यूनिट है', 'कार्ट में 2 यूनिट हैं']);
    expect([0, 1, 2].map((n) => unitsInCart('te', n))).toEqual(['కార్ట్‌లో 0 యూనిట్లు ఉన్నాయి', 'కార్ట్‌లో 1 యూనిట్ ఉంది', 'కార్ట్‌లో 2 యూనిట్లు ఉన్నాయి']);
    expect([0, 1, 2].map((n) => unitsInCart('mr', n))).toEqual(['कार्टमध्ये 0 युनिट्स आहेत', 'कार्टमध्ये 1 युनिट आहे', 'कार्टमध्ये 2 युनिट्स आहेत']);
  });

  it('a cart page in Hindi counts its units with the Hindi form', async () => {
    storeUser('0c7f5f7e-0000-4000-8000-0000000000aa', 'Asha Verma');
    stubFetch((url) => (url.startsWith('/carts/') ? { body: [cartItem({ productQuantity: 3 })] } : undefined));
    renderIn(i18nFor('hi'), () => renderRoutes('/cart', [{ path: '/cart', element: <CartPage /> }]));
    await screen.findByText('कार्ट में 3 यूनिट हैं');
    screen.getByRole('heading', { level: 1, name: 'आपका कार्ट' });
    screen.getByText(/₹400 प्रति बोरी/);
  });
});

describe('numbers and dates', () => {
  it('money reads in lakhs and crores with Latin digits on a Marathi page', () => {
    renderIn(i18nFor('mr'), () => renderUi(<Price price={12345678.5} mrp={13000000} unit="bag" size="lg" />));
    const price = document.querySelector('.price')!.textContent!;
    expect(price).toContain('₹1,23,45,678.50');
    expect(price).toContain('₹1,30,00,000');
    expect(price).toContain('गोणी');
    expect(price).not.toMatch(/[०-९]/);
    expect(formatPaise(1_000_000_000)).toBe('₹1,00,00,000.00');
    expect(new Intl.NumberFormat(NUMBER_LOCALE).format(12345678)).toBe('1,23,45,678');
    // Why NUMBER_LOCALE is en-IN: Marathi's own locale writes Devanagari digits.
    expect(new Intl.NumberFormat('mr-IN').format(12345678)).toMatch(/[०-९]/);
  });

  it('dates carry the language’s month names and Latin digits', () => {
    expect(formatDate('2026-03-05T06:00:00Z', dateLocale('hi'))).toMatch(/^5 मार्च 2026$/);
    expect(formatDate('2026-03-05T06:00:00Z', dateLocale('mr'))).not.toMatch(/[०-९]/);
    expect(formatDate('2026-03-05T06:00:00Z', dateLocale('te'))).toContain('2026');
    expect(formatDate('2026-03-05T06:00:00Z')).toBe('5 Mar 2026');
  });
});

/**
 * A pseudo-language: every catalogue message with a combining dot under each Latin letter ("Cart" → "C̣ạṛṭ"), so
 * a text the page shows from the catalogue has no plain Latin word left, and one written straight into a component
 * (never extracted, so never translated) still reads as plain English.
 */
const dotted = (s: string) => s.replace(/[A-Za-z]/g, (c) => `${c}\u0323`);
function pseudoMessage(message: unknown): unknown {
  if (typeof message === 'string') return dotted(message);
  if (!Array.isArray(message)) return message;
  return message.map((token: unknown) => {
    if (typeof token === 'string') return dotted(token);
    if (Array.isArray(token) && token.length > 2 && token[2] && typeof token[2] === 'object') {
      return [token[0], token[1], Object.fromEntries(Object.entries(token[2] as object).map(([k, v]) => [k, pseudoMessage(v)]))];
    }
    return token;
  });
}
const pseudo = setupI18n({
  locale: 'en',
  messages: { en: Object.fromEntries(Object.entries(en).map(([id, m]) => [id, pseudoMessage(m)])) as Messages },
});

/**
 * Plain Latin words on the page that are not what people wrote (the answers' data), the brand or a trade's acronym.
 * `others` picks parts that another change translates (the WhatsApp settings, components/whatsapp-setting.tsx).
 */
function untranslated(data: unknown[], others?: (el: Element) => boolean): string[] {
  const written = new Set(JSON.stringify(data).match(/[A-Za-z]+/g) ?? []);
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    let el = walker.currentNode.parentElement;
    while (el && !others?.(el)) el = el.parentElement;
    if (!el) texts.push(walker.currentNode.textContent!);
  }
  const text = texts.join(' ').replace(/\S+@\S+/g, ' ');
  const kept = new Set([...Object.values(LOCALE_NAMES), 'Nirmaan', 'GST', 'GSTIN', 'UPI', 'TMT', 'OTP', 'MRP', 'HVAC', 'MEP', 'OPC', 'PPC', 'AAC', 'CPVC', 'PVC', 'MCBs', 'MCB',
    'LED', 'WPC', 'uPVC', 'CEO', 'CTO', 'IIT', 'GeoNames', 'CC', 'BY', 'Kukatpally', 'Bombay', 'Maharashtra', 'Hyderabad', 'Pune', 'Bengaluru',
    // The vendor portal's acronyms, as Indian commerce writes them.
    'PAN', 'IFSC', 'PDF', 'CSV', 'KYC', 'HSN', 'GSTR', 'LLP']);
  return [...new Set(text.match(/[A-Za-z]{3,}/g) ?? [])].filter((w) => !written.has(w) && !kept.has(w));
}

const cartItem = (over: Partial<CartItem> = {}): CartItem => ({
  _id: 'c1', Vendorid: 'v1', productid: 'p1', producturl: '/images/products/cement-1.svg', productname: 'UltraTech PPC',
  productQuantity: 2, productprice: 400, productvendor: 'Balaji Traders', productcategory: 'Cement', customerid: 'u1', productunit: 'bag', stock: 10, ...over,
});

describe('no untranslated text on the customer journey (pseudo-language)', () => {
  beforeEach(() => Element.prototype.scrollIntoView = () => undefined);

  it('the landing page with the header and footer', async () => {
    stubFetch((url) => (url === '/api/session' ? { body: { user: null } } : undefined));
    renderIn(pseudo, () => renderRoutes('/', [{ element: <Layout preload={() => undefined} />, children: [{ index: true, element: <LandingPage /> }] }]));
    await screen.findByRole('heading', { level: 1, name: dotted('Build Your Future') });
    expect(untranslated([])).toEqual([]);
  });

  it('the product page', async () => {
    const product = makeProductDetail({ ProductName: 'ACC Gold Water Shield Cement', ProductMrp: 450, ProductUnit: 'bag' });
    const reviews = { getreview: [] };
    stubFetch((url) => {
      if (url === `/product/${product._id}`) return { body: product };
      if (url.startsWith('/related-products/')) return { body: [] };
      if (url === `/fetch/review/${product._id}`) return { body: reviews };
      return undefined;
    });
    renderIn(pseudo, () => renderRoutes(`/product/${product._id}`, [{ path: '/product/:id', element: <ProductPage /> }]));
    await screen.findByRole('heading', { level: 1, name: 'ACC Gold Water Shield Cement' });
    expect(untranslated([product])).toEqual([]);
  });

  it('the cart', async () => {
    storeUser('0c7f5f7e-0000-4000-8000-0000000000aa', 'Asha Verma');
    const items = [cartItem(), cartItem({ _id: 'c2', productid: 'p2', productname: 'JSW Neosteel TMT', productunit: 'tonne', productprice: 62000 })];
    stubFetch((url) => (url.startsWith('/carts/') ? { body: items } : undefined));
    renderIn(pseudo, () => renderRoutes('/cart', [{ path: '/cart', element: <CartPage /> }]));
    await screen.findByText('JSW Neosteel TMT');
    expect(untranslated([items])).toEqual([]);
  });
});

const USER = '0c7f5f7e-0000-4000-8000-0000000000aa';
const orderLine = (over: Partial<OrderLine> = {}): OrderLine => ({
  _id: crypto.randomUUID(), orderId: 'o1', vendorid: 'v1', productId: 'p1', productName: 'UltraTech PPC', productImage: '/x.svg', quantity: 2,
  pricePerUnit: 400, totalPrice: 800, customerId: USER, customerName: 'Asha', phone: '9876543210', email: 'a@example.test',
  shippingAddress: { fullAddress: '12 Road No. 36', city: 'Hyderabad', pincode: '500033', state: 'Telangana' },
  paymentStatus: 'Pending', paymentMethod: 'cod', orderStatus: 'Pending', orderedAt: '2026-11-20T10:00:00.000Z', deliveryFee: 300, orderTotal: 1100, ...over,
});
const profile = { _id: USER, Full_Name: 'Asha Verma', Emailaddress: 'asha@example.test', Phone_Number: '9876543210', Location: 'Hyderabad' };
/** The WhatsApp box at checkout and the WhatsApp settings on the profile: another change translates them. */
const whatsApp = (el: Element) => (el.matches('form, .form-check') && /WhatsApp/.test(el.textContent ?? ''));
const page = (path: string, element: React.ReactNode, url = path) => renderIn(pseudo, () => renderRoutes(url, [{ path, element }]));

describe('no untranslated text on the other customer pages (pseudo-language)', () => {
  beforeEach(() => Element.prototype.scrollIntoView = () => undefined);

  it('checkout, with its address, payment and business billing', async () => {
    storeUser(USER, 'Asha Verma');
    const items = [cartItem()];
    stubFetch((url) => {
      if (url.startsWith('/carts/')) return { body: items };
      if (url === `/myprofile/${USER}`) return { body: profile };
      if (url === '/api/config') return { body: { googleClientId: null, onlinePayment: true, razorpayCheckoutUrl: null } };
      return undefined;
    });
    page('/Cart/order', <CheckoutPage />);
    await screen.findByDisplayValue('Asha Verma');
    await screen.findByText(dotted('Pay online (card, netbanking)'));
    expect(untranslated([items, profile], whatsApp)).toEqual([]);
  });

  it('My orders: product orders with a shipped line’s code and a delivered line', async () => {
    storeUser(USER, 'Asha Verma');
    const lines = [
      orderLine({ productName: 'ACC Gold Cement', orderStatus: 'Shipped', deliveryCode: '4821', deliveryDate: '2026-11-25', deliveryWindow: 'afternoon' }),
      orderLine({ productName: 'JSW Neosteel TMT', orderStatus: 'Delivered', paymentStatus: 'Paid', deliveredAt: '2026-11-22T10:00:00.000Z' }),
    ];
    stubFetch((url) => {
      if (url === `/orderdetails/${USER}`) return { body: lines };
      if (url === '/api/invoices') return { body: { invoices: [] } };
      if (url === '/api/disputes/mine' || url.startsWith('/api/disputes')) return { body: { disputes: [] } };
      return undefined;
    });
    page('/myorder', <MyOrdersPage />);
    await screen.findByText('JSW Neosteel TMT');
    // The dates are Intl's, in the page's locale (English under the pseudo-language).
    expect(untranslated([lines, ['Nov', 'Wed']])).toEqual([]);
  });

  it('login, signup and forgot password', async () => {
    stubApi();
    const login = page('/login', <LoginPage />);
    await screen.findByRole('heading', { level: 1, name: dotted('Welcome Back') });
    expect(untranslated([])).toEqual([]);
    login.unmount();
    const signup = page('/signup', <SignupPage />);
    await screen.findByRole('heading', { level: 1, name: dotted('Create your account') });
    expect(untranslated([['Hyderabad', 'Mumbai']])).toEqual([]);
    signup.unmount();
    page('/forgetpassword', <ForgotPasswordPage />);
    await screen.findByRole('heading', { level: 1, name: dotted('Forgot Password') });
    expect(untranslated([])).toEqual([]);
  });

  it('the profile', async () => {
    storeUser(USER, 'Asha Verma');
    const whatsAppSetting = { phone: null, consent: false, language: null, consentedAt: null, source: null, available: true };
    stubApi((c) => (c.path === `/myprofile/${USER}` ? { body: profile } : c.path === '/api/me/whatsapp' ? { body: whatsAppSetting } : undefined));
    page('/profile', <ProfilePage />);
    await screen.findByDisplayValue('Asha Verma');
    // The WhatsApp setting is translated too (issue 33's remaining texts).
    await screen.findByText(dotted('WhatsApp updates'));
    expect(untranslated([profile, ['Bangalore', 'Delhi', 'Mumbai']])).toEqual([]);
  });

  it('the category browser, the materials list (a search\'s results) and the services list', async () => {
    stubFetch(() => undefined);
    const categories = page('/Category', <CategoryPage />);
    await screen.findByRole('heading', { level: 1, name: dotted('Browse categories') });
    expect(untranslated([])).toEqual([]);
    categories.unmount();

    const products = [makeProduct(), makeProduct({ ProductName: 'ACC Gold Water Shield', ProductUnit: 'bag' })];
    stubFetch((url) => (url.startsWith('/api/products?') ? { body: { items: products, total: 2, totalIsCapped: false, nextCursor: null, exactCategory: true } } : undefined));
    const materials = page('/product', <MaterialsPage />, '/product?search=Cement');
    await screen.findByText('ACC Gold Water Shield');
    expect(untranslated([products, ['Bangalore', 'Delhi', 'Mumbai']])).toEqual([]);
    materials.unmount();

    const vendors = [makeVendor(), makeVendor({ Business_Name: 'Reddy Pipes & Fittings', Owner_name: 'Suresh Reddy' })];
    stubFetch((url) => (url.startsWith('/api/services?') ? { body: { services: vendors, description: '', total: 8, page: 1, pages: 2 } } : undefined));
    page('/service', <ServicesPage />, '/service?search=Plumber');
    await screen.findByText('Reddy Pipes & Fittings');
    expect(untranslated([vendors])).toEqual([]);
  });

  it('a seller’s store, About and not found', async () => {
    const vendor = makeVendorProfile({ Business_Name: 'Balaji Building Materials', Business_Description: '' });
    const products = [{ ...makeProduct({ ProductUnit: 'bag' }), Vendor: { _id: vendor._id, Business_Name: vendor.Business_Name, Business_Description: '' } }];
    stubFetch((url) => {
      if (url === `/api/vendor/${vendor._id}`) return { body: vendor };
      if (url === '/api/viewstore') return { body: products };
      return undefined;
    });
    const store = page('/viewstore', <StorePage />, `/viewstore?vendor=${vendor._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Balaji Building Materials' });
    await screen.findByText(products[0]!.ProductName);
    expect(untranslated([vendor, products])).toEqual([]);
    store.unmount();

    const about = page('/about', <AboutPage />);
    await screen.findByRole('heading', { level: 1, name: dotted('Building India, one home at a time') });
    expect(untranslated([team.map((m) => m.name), testimonials.map((story) => story.name)])).toEqual([]);
    about.unmount();

    page('/nowhere', <NotFoundPage />);
    await screen.findByRole('heading', { level: 1, name: dotted('Page not found') });
    expect(untranslated([])).toEqual([]);
  });

  it('the chat page for a visitor', async () => {
    stubFetch(() => undefined);
    page('/customer/chat', <CustomerChatPage />);
    await screen.findByRole('heading', { level: 1, name: dotted('Messages') });
    expect(untranslated([])).toEqual([]);
  });
});

/** The vendor portal's screens under the pseudo-language: each answer's data may stay as written, nothing else. */
describe('no untranslated text in the vendor portal (pseudo-language)', () => {
  const seller: VendorMe = {
    _id: 'f00dbabe-0000-4000-8000-000000000002', Business_Name: 'Balaji Cement Traders', Owner_name: 'Ravi Teja', kind: 'seller',
    email: 'seller@example.in', phone: '9876543210', city: 'Hyderabad', Category: 'Cement', Profile_Image: null, approved: true,
  };
  const professional: VendorMe = { ...seller, _id: 'f00dbabe-0000-4000-8000-000000000007', kind: 'professional', Category: 'Plumber', Business_Name: 'Goud Plumbing Works' };
  const line = {
    _id: 'a1b2c3d4-0000-4000-8000-000000000001', vendorid: seller._id, productId: 'b0b0b0b0-0000-4000-8000-000000000003',
    productName: 'JSW Neosteel TMT 12 mm', productImage: '/images/steel.svg', quantity: 2, pricePerUnit: 780, totalPrice: 1560,
    customerId: 'c0ffee00-0000-4000-8000-000000000001', customerName: 'Asha Verma', phone: '9876543210', email: 'asha@example.in',
    shippingAddress: { fullAddress: '12 Road No. 36, Jubilee Hills', city: 'Hyderabad', pincode: '500033', state: 'Telangana' },
    paymentStatus: 'Pending', paymentMethod: 'cod', orderStatus: 'Pending', orderedAt: '2026-11-23T10:00:00.000Z',
    orderId: 'd0d0d0d0-0000-4000-8000-000000000004', deliveryFee: 300, orderTotal: 1860, deliveryDate: '2026-11-28', deliveryWindow: 'morning',
  };
  const delivered = {
    ...line, _id: 'a1b2c3d4-0000-4000-8000-000000000002', paymentStatus: 'Paid', paymentMethod: 'online', orderStatus: 'Delivered',
    deliveredAt: '2026-11-25T10:00:00.000Z', deliveredWithPhoto: { receivedBy: 'Ramesh', photoUrl: '/api/files/x' }, deliveryDate: null, deliveryWindow: null,
  };
  const product = {
    _id: 'b0b0b0b0-0000-4000-8000-000000000003', ProductName: 'UltraTech PPC 50 kg', ProductBrand: 'UltraTech', ProductCategory: 'Cement',
    ProductPrice: 410, ProductMrp: 450, ProductUnit: 'bag', ProductUrl: [`/uploads/${'a'.repeat(64)}.webp`], ProductLocation: 'Hyderabad', ProductReview: null,
    ProductReviewCount: 0, Tag: null, Vendor: { _id: seller._id, Business_Name: seller.Business_Name },
    ProductDescription: 'Portland pozzolana cement for plaster and masonry.', Stock: 40, createdAt: '2026-11-23T10:00:00.000Z',
    ProductHsn: '2523', ProductGstRate: 18, ProductWeightKg: 50, ProductVolumeM3: 0.035, QuantityBreaks: [{ minQuantity: 100, pricePaise: 36_500 }],
  };
  const soldOut = { ...product, _id: 'b0b0b0b0-0000-4000-8000-000000000004', ProductName: 'ACC Gold Water Shield', ProductMrp: null, Stock: 0 };
  const dashboard = {
    newOrders: 3, upcomingBookings: 2, unreadMessages: 5, rating: { average: 4.3, count: 12 }, revenueThisMonth: 125400.5, month: '2026-11',
    latestOrders: [line], nextBookings: [], latestMessages: [], latestReviews: [],
    productViews: { total: 1234, top: [{ _id: product._id, ProductName: product.ProductName, views: 1 }] },
  };
  const earnings = {
    entries: [
      { kind: 'line', id: 'l1', orderId: 'o1', title: 'UltraTech Cement × 2', date: '2026-11-20T10:00:00.000Z', paymentMethod: 'online', grossPaise: 80_000, commissionPaise: 4_000, netPaise: 76_000, state: 'on_hold', holdUntil: '2026-12-01T10:00:00.000Z' },
      { kind: 'booking', id: 'b1', orderId: null, title: 'Leak repair', date: '2026-11-21T10:00:00.000Z', paymentMethod: 'cash', grossPaise: 60_000, commissionPaise: 6_000, netPaise: 54_000, state: 'owed', holdUntil: null },
    ],
    month: { label: 'November 2026', grossPaise: 140_000, commissionPaise: 10_000, netPaise: 130_000 },
    cashCommissionOwedPaise: 6_000,
  };
  const payoutAccount = {
    status: 'needs_clarification', legalName: 'Balaji Cement Traders', businessType: 'partnership', pan: 'AAPFU0939F', gstin: '27AAPFU0939F1ZV',
    accountNumberMasked: 'XXXXXXXX1234', ifsc: 'SBIN0001234', beneficiaryName: 'Balaji Cement Traders', updatedAt: '2026-11-25T02:00:00.000Z',
  };
  const documents = { documents: [{ kind: 'panCard', file: { id: 'a0000000-0000-4000-8000-0000000000f1', contentType: 'application/pdf', size: 204_800, url: '/api/files/a0000000-0000-4000-8000-0000000000f1' }, updatedAt: '2026-11-24T10:00:00.000Z' }] };
  const invoices = { invoices: [{
    id: 'a0000000-0000-4000-8000-000000000001', kind: 'tax_invoice', number: 'CE43/2627/000001', date: '2026-11-20', supplierName: 'Balaji Cement Traders',
    recipientName: 'Asha Verma', vendorId: seller._id, orderId: 'd0d0d0d0-0000-4000-8000-000000000004', bookingId: null,
    totalPaise: 385_000, pdfUrl: '/api/invoices/a0000000-0000-4000-8000-000000000001/pdf',
  }] };
  const reviews = { average: 4.5, count: 2, verifiedCount: 1, reviews: [
    { _id: 'r1', customerName: 'Imran Qureshi', rating: 5, comment: 'Quick delivery, good bags.', createdAt: '2026-11-20T10:00:00.000Z', verified: 'purchase' },
    { _id: 'r2', customerName: 'Meena Iyer', rating: 4, comment: 'Fair price.', createdAt: '2026-11-21T10:00:00.000Z' },
  ] };
  const projects = [{ _id: 'p1', title: 'Villa plumbing, Kokapet', image: '/uploads/p.webp', category: 'Plumbing', description: 'All CPVC lines for a 4-bedroom villa.', createdAt: '2026-11-01T10:00:00.000Z', date: '2026-10-15' }];
  const answers: Record<string, unknown> = {
    '/api/vendor/dashboard': dashboard, '/api/vendor/orders': [line, delivered], '/api/vendor/products': [product, soldOut], '/api/vendor/earnings': earnings,
    '/api/vendor/payout-account': payoutAccount, '/api/vendor/documents': documents, '/api/vendor/invoices': invoices, '/api/vendor/reviews': reviews,
    '/api/vendor/projects': projects, '/api/vendor/delivery': { settings: null, platform: { feePaise: 30_000, freeFromPaise: 5_000_000 } },
  };
  /**
   * The pseudo-language formats dates as English does (en-IN): its month and day names are the date's, not a
   * message (each real language has its own, through dateLocale: 'dates carry the language’s month names').
   */
  const DATE_WORDS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec Sun Mon Tue Wed Thu Fri Sat';
  const serve = () => stubApi((c) => (Object.hasOwn(answers, c.path) ? { body: answers[c.path] } : undefined));

  it.each([
    ['the dashboard', VendorDashboard, '/vendor', seller, dashboard, () => screen.findByText(dotted('Most viewed products'))],
    ['the orders', VendorOrders, '/vendor/orders', seller, [line, delivered], () => screen.findAllByTestId('vendor-order-line')],
    ['the products', VendorProducts, '/vendor/products', seller, [product, soldOut], () => screen.findAllByTestId('vendor-product')],
    ['the earnings', VendorEarnings, '/vendor/earnings', seller, earnings, () => screen.findByTestId('month-gross')],
    ['the payouts, KYC documents and invoices', VendorPayouts, '/vendor/payouts', seller, [payoutAccount, documents, invoices], () => screen.findByText('CE43/2627/000001')],
    ['the delivery settings', VendorDelivery, '/vendor/delivery', seller, [], () => screen.findByTestId('delivery-rule')],
    ['the reviews', VendorReviews, '/vendor/reviews', seller, reviews, () => screen.findAllByTestId('vendor-review')],
    ['the projects', VendorProjects, '/vendor/projects', professional, projects, () => screen.findAllByTestId('vendor-project')],
  ] as const)('%s', async (_name, Page, path, vendor, data, shown) => {
    serve();
    renderIn(pseudo, () => renderPage(Page, path, { context: vendor }));
    await shown();
    // The badges and lists that load after the page's own answer (the payouts page's documents and invoices).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(untranslated([data, vendor, path, DATE_WORDS])).toEqual([]);
  });

  it('the bookings (decision record 046)', async () => {
    const booking = {
      _id: 'a1b2c3d4-0000-4000-8000-000000000009', Vendorid: professional._id, vendorName: 'Goud Plumbing Works',
      serviceDate: '2030-11-30', serviceTime: '3:00 PM', status: 'Pending', basePrice: 700, serviceCharge: 250, totalAmount: 950,
      paymentMethod: 'cash', paymentStatus: 'Pending', createdAt: '2026-11-24T10:00:00.000Z', cancellable: true,
      address: { street: 'Flat 4B, Lake View Apartments, Madhapur', city: 'Hyderabad', specialInstructions: 'Kitchen sink leaks' },
      customer: { fullName: 'Asha Verma', phone: '9876543210', email: 'asha@example.in' },
    };
    stubApi((c) => (c.path === '/api/vendor/bookings' ? { body: [booking] } : undefined));
    renderIn(pseudo, () => renderPage(VendorBookings, '/vendor/bookings', { context: professional }));
    await screen.findByTestId('vendor-booking');
    expect(untranslated([booking, professional, '/vendor/bookings'])).toEqual([]);
  });

  it('the product form, with the quantity prices and the seller’s images', async () => {
    serve();
    renderIn(pseudo, () => renderPage(VendorProductEdit, `/vendor/products/${product._id}/edit`, { pattern: '/vendor/products/:id/edit', context: seller }));
    await screen.findByDisplayValue('UltraTech PPC 50 kg');
    // The HSN choices carry the tariff's own descriptions (packages/shared/src/gst.ts), which are data here.
    const tariff = [...document.querySelectorAll('option')].map((o) => o.textContent);
    expect(untranslated([product, seller, tariff, `/vendor/products/${product._id}/edit`])).toEqual([]);
  });
});
