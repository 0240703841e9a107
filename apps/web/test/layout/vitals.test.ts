import { describe, expect, it } from 'vitest';
import { routePattern } from '../../src/lib/vitals.ts';

describe('web vitals route labels', () => {
  it('labels a path with its route pattern, so ids never become labels', () => {
    expect(routePattern('/')).toBe('/');
    expect(routePattern('/product/0c7f5f7e-0000-4000-8000-000000000001')).toBe('/product/:id');
    expect(routePattern('/product')).toBe('/product');
    expect(routePattern('/cart')).toBe('/Cart');
    expect(routePattern('/customer/chat')).toBe('/customer/chat/:vendorId?');
    expect(routePattern('/no/such/page')).toBe('other');
  });
});
