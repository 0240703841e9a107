import type { Product, ProductDetail, ServiceVendor, VendorProfile } from '@nirmaan/shared/api';
import { stubFetch } from '../render.tsx';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function makeVendor(overrides: Partial<ServiceVendor> = {}): ServiceVendor {
  return {
    _id: uuid(),
    Business_Name: 'Sharma Plumbing Works',
    Owner_name: 'Ravi Sharma',
    Description: 'Leak repairs and bathroom fittings.',
    Category: 'Plumber',
    Sub_Category: ['Plumber'],
    Charge_Per_Hour_or_Day: 600,
    Charge_Type: 'Per Visit',
    Profile_Image: null,
    City: 'Hyderabad',
    Rating: null,
    ReviewCount: 0,
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: uuid(),
    ProductName: 'UltraTech OPC 53 Grade Cement',
    ProductBrand: 'UltraTech',
    ProductCategory: 'Cement',
    ProductPrice: 420,
    ProductMrp: null,
    ProductUnit: 'bag (50 kg)',
    ProductUrl: ['/images/products/cement-1.webp'],
    ProductLocation: 'Hyderabad',
    ProductReview: null,
    ProductReviewCount: 0,
    Tag: null,
    Vendor: { _id: uuid(), Business_Name: 'Balaji Building Materials' },
    ...overrides,
  };
}

export function makeProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const base = makeProduct();
  return {
    ...base,
    ProductDescription: 'High-strength cement for slabs and columns.',
    InStock: true,
    Vendor: { ...base.Vendor, City: 'Hyderabad', Business_address: 'Kukatpally, Hyderabad', Profile_Image: null },
    ...overrides,
  };
}

export function makeVendorProfile(overrides: Partial<VendorProfile> = {}): VendorProfile {
  return {
    _id: uuid(),
    Owner_name: 'Ravi Sharma',
    Business_Name: 'Sharma Plumbing Works',
    Business_address: '12 MG Road, Hyderabad',
    Business_Description: 'Plumbing for homes and offices since 2009.',
    description: '',
    Profile_Image: null,
    Category: 'Plumber',
    Sub_Category: ['Leak repair', 'Bathroom fitting'],
    City: 'Hyderabad',
    Kind: 'professional',
    Charge_Per_Hour_or_Day: 600,
    Charge_Type: 'Per Visit',
    Rating: null,
    ReviewCount: 0,
    ...overrides,
  };
}

/**
 * A professional's page with no reviews yet, seen by a logged-in customer (`c-1`, `customerName`) whose review is
 * answered as the server does for 4 stars and `comment`: the fetch mock, to find the review's POST in.
 */
export function stubReviewableProfessional(vendor: VendorProfile, customerName: string, comment: string) {
  localStorage.setItem('userid', 'c-1');
  localStorage.setItem('user_name', customerName);
  return stubFetch((url, init) => {
    if (url === `/profesionaldetails/${vendor._id}`) return { body: vendor };
    if (url === `/api/projects/${vendor._id}`) return { body: [] };
    if (url === `/fetch/review/service/${vendor._id}`) return { body: { getreview: [] } };
    if (url === '/review/c-1' && init?.method === 'POST') {
      return { status: 201, body: { message: 'Review submitted successfully!', review: { _id: 'r1', customerName, rating: 4, comment, createdAt: '2026-11-22T10:00:00.000Z' }, average: 4, count: 1 } };
    }
    return undefined;
  });
}
