import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VENDOR_PRODUCT_MSG, type VendorProduct } from '@nirmaan/shared/vendor-products';
import type { VendorMe } from '@nirmaan/shared/vendor-auth';
import { Component as ProductsPage } from '../../src/features/vendor-products/routes/vendor-products-page.tsx';
import { Component as NewProductPage } from '../../src/features/vendor-products/routes/vendor-product-new-page.tsx';
import { Component as EditProductPage } from '../../src/features/vendor-products/routes/vendor-product-edit-page.tsx';
import { messages as hi } from '../../src/locales/hi.po';
import { i18nWith } from '../../src/lib/i18n.ts';
import { failure, findToast, renderIn, renderPage, stubApi } from '../render.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const seller: VendorMe = {
  _id: 'f00dbabe-0000-4000-8000-000000000002', Business_Name: 'Balaji Cement Traders', Owner_name: 'Ravi Teja', kind: 'seller',
  email: 'seller@example.in', phone: '9876543210', city: 'Hyderabad', Category: 'Cement', Profile_Image: null, approved: true,
};
const IMG = `/uploads/${'a'.repeat(64)}.webp`;
const IMG2 = `/uploads/${'b'.repeat(64)}.webp`;
const product: VendorProduct = {
  _id: 'b0b0b0b0-0000-4000-8000-000000000003', ProductName: 'UltraTech PPC 50 kg', ProductBrand: 'UltraTech', ProductCategory: 'Cement',
  ProductPrice: 410, ProductMrp: 450, ProductUnit: '50 kg bag', ProductUrl: [IMG], ProductLocation: 'Hyderabad', ProductReview: null,
  ProductReviewCount: 0, Tag: null, Vendor: { _id: seller._id, Business_Name: seller.Business_Name },
  ProductDescription: 'Portland pozzolana cement for plaster and masonry.', Stock: 40, createdAt: '2026-11-23T10:00:00.000Z',
  ProductHsn: '2523', ProductGstRate: 18, ProductWeightKg: 50, ProductVolumeM3: 0.035, QuantityBreaks: [],
};
const soldOut: VendorProduct = { ...product, _id: 'b0b0b0b0-0000-4000-8000-000000000004', ProductName: 'ACC Gold Water Shield', ProductMrp: null, Stock: 0 };

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const chooseFiles = (files: File[]) => fireEvent.change(screen.getByLabelText('Add images'), { target: { files } });
const jpeg = (name = 'bag.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

function fillValidProduct() {
  type('Product name', 'Dalmia DSP Cement');
  type('Brand', 'Dalmia');
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Cement' } });
  fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Mumbai' } });
  type('Price (₹)', '430');
  type('MRP (₹, optional)', '470');
  type('Unit', '50 kg bag');
  type('Stock', '25');
  type('Weight of one (kg, optional)', '50');
  type('Volume of one (m³, optional)', '0.035');
  type('Description', 'Blended cement for slabs and columns.');
}

describe('the product form', () => {
  it('shows the schema’s message beside each field and sends nothing until they are right', async () => {
    const api = stubApi();
    renderPage(NewProductPage, '/vendor/products/new', { context: seller });
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await screen.findByText('Enter the product name (at least 2 characters).');
    screen.getByText('Choose a category from the list.');
    screen.getByText('Enter the price in rupees.');
    screen.getByText('Enter the stock as a number.');
    screen.getByText('Add at least one image.');
    expect(screen.getByLabelText('Product name').getAttribute('aria-invalid')).toBe('true');

    fillValidProduct();
    // A price may have paise (₹430.50), never a fraction of a paisa.
    type('Price (₹)', '430.505');
    type('MRP (₹, optional)', '400');
    type('Stock', '-2');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await screen.findByText('Enter the price in rupees with at most two decimals for the paise (like 55.75).');
    screen.getByText('Stock cannot be negative.');
    type('Price (₹)', '430');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await screen.findByText(VENDOR_PRODUCT_MSG.mrpBelowPrice);
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('uploads images with a preview and remove, refuses a non-image before sending it, and adds the product', async () => {
    let uploads = 0;
    const api = stubApi((c) => {
      if (c.method === 'POST' && c.path === '/api/vendor/uploads') return { body: { url: [IMG, IMG2][uploads++] } };
      if (c.method === 'POST' && c.path === '/api/vendor/products') return { status: 201, body: { ...product, ProductName: 'Dalmia DSP Cement' } };
      return undefined;
    });
    const view = renderPage(NewProductPage, '/vendor/products/new', { context: seller });
    chooseFiles([new File(['GIF89a'], 'spinner.gif', { type: 'image/gif' })]);
    await screen.findByText('spinner.gif: That file is not a JPEG, PNG or WebP image.');
    expect(api.to('POST', '/api/vendor/uploads')).toHaveLength(0);

    chooseFiles([jpeg('front.jpg'), jpeg('back.jpg')]);
    expect((await screen.findByAltText('Product image 2')).getAttribute('src')).toBe(IMG2);
    expect(screen.getByAltText('Product image 1').getAttribute('src')).toBe(IMG);
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByAltText('Product image 1').getAttribute('src')).toBe(IMG2);
    expect(screen.queryByAltText('Product image 2')).toBeNull();

    fillValidProduct();
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await findToast('Dalmia DSP Cement added.');
    await waitFor(() => expect(view.location()).toBe('/vendor/products'));
    expect(api.to('POST', '/api/vendor/products')[0]!.body).toEqual({
      ProductName: 'Dalmia DSP Cement', ProductBrand: 'Dalmia', ProductCategory: 'Cement', ProductLocation: 'Mumbai', ProductPrice: 430, ProductMrp: 470,
      ProductUnit: '50 kg bag', Stock: 25, ProductDescription: 'Blended cement for slabs and columns.', Tag: null, ProductUrl: [IMG2],
      ProductHsn: '2523', ProductGstRate: 18, ProductWeightKg: 50, ProductVolumeM3: 0.035, QuantityBreaks: [],
    });
  });

  it('sets quantity prices in rupees, sends them in paise, and shows the schema’s refusal under them', async () => {
    const api = stubApi((c) => {
      if (c.method === 'POST' && c.path === '/api/vendor/uploads') return { body: { url: IMG } };
      if (c.method === 'POST' && c.path === '/api/vendor/products') return { status: 201, body: { ...product, ProductName: 'Dalmia DSP Cement' } };
      return undefined;
    });
    renderPage(NewProductPage, '/vendor/products/new', { context: seller });
    fillValidProduct();
    chooseFiles([jpeg()]);
    await screen.findByAltText('Product image 1');
    fireEvent.click(screen.getByRole('button', { name: 'Add a quantity price' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a quantity price' }));
    type('From quantity (row 1)', '100');
    type('Price each (₹, row 1)', '435');
    type('From quantity (row 2)', '500');
    type('Price each (₹, row 2)', '410.50');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await screen.findByText("The price for 100 or more (₹435) must be lower than the product's price (₹430).");
    expect(api.to('POST', '/api/vendor/products')).toHaveLength(0);

    type('Price each (₹, row 1)', '420');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(api.to('POST', '/api/vendor/products')).toHaveLength(1));
    expect(api.to('POST', '/api/vendor/products')[0]!.body).toMatchObject({
      ProductPrice: 430, QuantityBreaks: [{ minQuantity: 100, pricePaise: 42_000 }, { minQuantity: 500, pricePaise: 41_050 }],
    });
  });

  it('offers only the HSN codes and rates allowed for the chosen category, its default first, and sends the choice', async () => {
    const api = stubApi((c) => {
      if (c.method === 'POST' && c.path === '/api/vendor/uploads') return { body: { url: IMG } };
      if (c.method === 'POST' && c.path === '/api/vendor/products') return { status: 201, body: { ...product, ProductName: 'Fly ash bricks' } };
      return undefined;
    });
    renderPage(NewProductPage, '/vendor/products/new', { context: seller });
    const tax = () => screen.getByLabelText('HSN code and GST rate') as HTMLSelectElement;
    const options = () => [...tax().options].map((o) => o.textContent);
    expect(options()).toEqual(['Choose a category first']);

    fillValidProduct();
    expect(options()).toEqual(['2523 · Portland cement · GST 18%']);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Bricks' } });
    expect(options()).toEqual([
      '6904 · Building bricks · GST 12%', '6815 · Fly ash bricks and blocks · GST 12%', '6901 · Bricks of siliceous earths · GST 12%', '6810 · Sand lime bricks · GST 5%',
    ]);
    expect(tax().value).toBe('6904');
    fireEvent.change(tax(), { target: { value: '6810' } });
    chooseFiles([jpeg()]);
    await screen.findByAltText('Product image 1');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(api.to('POST', '/api/vendor/products')).toHaveLength(1));
    expect(api.to('POST', '/api/vendor/products')[0]!.body).toMatchObject({ ProductCategory: 'Bricks', ProductHsn: '6810', ProductGstRate: 5 });
  });

  it('shows the product’s own HSN when editing, moves to the new category’s default, and shows a refusal of the rate under the select', async () => {
    stubApi((c) => {
      if (c.method === 'PATCH') {
        const message = 'The GST rate for HSN 3208 must be 18%.';
        return { status: 400, body: { message, code: 'BAD_REQUEST', issues: [{ path: 'body.ProductGstRate', message }] } };
      }
      if (c.path === '/api/vendor/products') return { body: [{ ...product, ProductCategory: 'Paints', ProductHsn: '3208', ProductGstRate: 18 }] };
      return undefined;
    });
    renderPage(EditProductPage, `/vendor/products/${product._id}/edit`, { pattern: '/vendor/products/:id/edit', context: seller });
    const tax = await screen.findByLabelText('HSN code and GST rate') as HTMLSelectElement;
    await waitFor(() => expect(tax.value).toBe('3208'));
    expect([...tax.options].map((o) => o.value)).toEqual(['3209', '3208']);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const refusal = await screen.findByText('The GST rate for HSN 3208 must be 18%.');
    expect(refusal.className).toContain('invalid-feedback');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Roofing' } });
    expect(tax.value).toBe('7210');
    expect([...tax.options].map((o) => o.value)).toEqual(['7210', '6905']);
  });

  it('shows the server’s refusal beside its field, and an upload refusal under the images', async () => {
    stubApi((c) => {
      if (c.path === '/api/vendor/uploads') return failure(413, 'The image is larger than 5 MB. Please choose a smaller one.', 'PAYLOAD_TOO_LARGE');
      if (c.method === 'PATCH') return { status: 400, body: { message: VENDOR_PRODUCT_MSG.imageNotOurs, code: 'BAD_REQUEST', issues: [{ path: 'body.ProductUrl', message: VENDOR_PRODUCT_MSG.imageNotOurs }] } };
      if (c.path === '/api/vendor/products') return { body: [product] };
      return undefined;
    });
    renderPage(EditProductPage, `/vendor/products/${product._id}/edit`, { pattern: '/vendor/products/:id/edit', context: seller });
    expect((await screen.findByLabelText('Product name') as HTMLInputElement).value).toBe('UltraTech PPC 50 kg');
    expect((screen.getByLabelText('MRP (₹, optional)') as HTMLInputElement).value).toBe('450');
    chooseFiles([jpeg('huge.jpg')]);
    await screen.findByText('huge.jpg: The image is larger than 5 MB. Please choose a smaller one.');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const refusal = await screen.findByText(VENDOR_PRODUCT_MSG.imageNotOurs);
    expect(refusal.className).toContain('invalid-feedback');
  });

  it('tells a seller awaiting approval why it cannot add products yet', () => {
    stubApi();
    renderPage(NewProductPage, '/vendor/products/new', { context: { ...seller, approved: false } });
    expect(screen.getByText(VENDOR_PRODUCT_MSG.notApproved).className).toContain('alert');
    expect(screen.queryByLabelText('Product name')).toBeNull();
  });
});

describe('the products list', () => {
  it('shows price, MRP and stock, and deletes a product only after confirming', async () => {
    const api = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/api/vendor/products') return { body: [product, soldOut] };
      if (c.method === 'DELETE') return { body: { message: 'Product deleted.' } };
      return undefined;
    });
    renderPage(ProductsPage, '/vendor/products', { context: seller });
    const cards = await screen.findAllByTestId('vendor-product');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('UltraTech PPC 50 kg');
    expect(cards[0]!.textContent).toMatch(/₹410\s*\/ 50 kg bag/);
    expect(cards[0]!.textContent).toContain('MRP ₹450');
    expect(cards[0]!.textContent).toContain('Stock: 40');
    expect(cards[1]!.textContent).toContain('Out of stock');
    expect(within(cards[0]!).getByRole('link', { name: 'Edit UltraTech PPC 50 kg' }).getAttribute('href')).toBe(`/vendor/products/${product._id}/edit`);

    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Delete ACC Gold Water Shield' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this product?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to('DELETE', `/api/vendor/products/${soldOut._id}`)).toHaveLength(0);

    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Delete ACC Gold Water Shield' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await findToast('ACC Gold Water Shield deleted.');
    await waitFor(() => expect(screen.getAllByTestId('vendor-product')).toHaveLength(1));
    expect(api.to('DELETE', `/api/vendor/products/${soldOut._id}`)).toHaveLength(1);
  });

  it('has an empty state, an error state with the server’s message, and no Add button before approval', async () => {
    stubApi((c) => (c.path === '/api/vendor/products' ? { body: [] } : undefined));
    renderPage(ProductsPage, '/vendor/products', { context: seller });
    await screen.findByText(/No products yet/);
    expect(screen.getByRole('link', { name: 'Add product' }).getAttribute('href')).toBe('/vendor/products/new');
    cleanup();
    stubApi(() => failure(403, VENDOR_PRODUCT_MSG.sellersOnly, 'FORBIDDEN'));
    renderPage(ProductsPage, '/vendor/products', { context: { ...seller, approved: false } });
    expect((await screen.findByRole('alert')).textContent).toBe(VENDOR_PRODUCT_MSG.sellersOnly);
    expect(screen.queryByRole('link', { name: 'Add product' })).toBeNull();
    screen.getByText(VENDOR_PRODUCT_MSG.notApproved);
  });
});

describe('the product form in Hindi (decision record 050)', () => {
  it('says in Hindi, with its figures, that two quantity prices start at the same quantity, and sends nothing', async () => {
    const api = stubApi((c) => {
      if (c.path === '/api/vendor/products' && c.method === 'GET') {
        return { body: [{ ...product, ProductPrice: 430, QuantityBreaks: [{ minQuantity: 120, pricePaise: 42_000 }, { minQuantity: 250, pricePaise: 41_000 }] }] };
      }
      return undefined;
    });
    renderIn(i18nWith('hi', hi), () => renderPage(EditProductPage, `/vendor/products/${product._id}/edit`, { pattern: '/vendor/products/:id/edit', context: seller }));
    const second = await screen.findByDisplayValue('250');
    fireEvent.change(second, { target: { value: '120' } });
    fireEvent.submit(second.closest('form')!);
    expect(await screen.findByText('120 या ज़्यादा के लिए दो दाम हैं: एक ही रखें।')).toBeTruthy();
    expect(screen.queryByText(/There are two prices/)).toBeNull();
    expect(api.to('PATCH', `/api/vendor/products/${product._id}`)).toHaveLength(0);
  });
});
