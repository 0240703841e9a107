import { describe, expect, it } from 'vitest';
import { DELIVERY_MSG, ZVendorLineStatusBody } from '../src/cart.ts';

/** The vendor's move body (decision 032): Delivered needs one proof, whole; the other moves are as they were. */
const refusal = (body: unknown) => {
  const parsed = ZVendorLineStatusBody.safeParse(body);
  return parsed.success ? null : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('a vendor’s move of a line', () => {
  it('sends Shipped and Cancelled as before, ignoring proof fields', () => {
    expect(refusal({ status: 'Shipped' })).toBeNull();
    expect(refusal({ status: 'Cancelled', deliveryCode: '1234' })).toBeNull();
    expect(refusal({ status: 'Pending' })).toEqual([['status', 'The status must be Shipped, Delivered or Cancelled.']]);
  });

  it('takes Delivered with a 4-digit code, or a photo and who received it', () => {
    expect(refusal({ status: 'Delivered', deliveryCode: '0042' })).toBeNull();
    expect(refusal({ status: 'Delivered', photo: '6f1e0c1a-5b7e-4c1e-9d1a-0c1e5b7e4c1e', receivedBy: 'Ramesh' })).toBeNull();
    expect(ZVendorLineStatusBody.parse({ status: 'Delivered', photo: '6f1e0c1a-5b7e-4c1e-9d1a-0c1e5b7e4c1e', receivedBy: '  Ramesh ' }).receivedBy).toBe('Ramesh');
  });

  it('refuses Delivered without proof, with both, with half the photo path, or a code that is not 4 digits', () => {
    const photo = '6f1e0c1a-5b7e-4c1e-9d1a-0c1e5b7e4c1e';
    expect(refusal({ status: 'Delivered' })).toEqual([['deliveryCode', DELIVERY_MSG.needProof]]);
    expect(refusal({ status: 'Delivered', deliveryCode: '1234', photo, receivedBy: 'Ramesh' })).toEqual([['deliveryCode', DELIVERY_MSG.bothProofs]]);
    expect(refusal({ status: 'Delivered', photo })).toEqual([['receivedBy', DELIVERY_MSG.needReceiver]]);
    expect(refusal({ status: 'Delivered', receivedBy: 'Ramesh' })).toEqual([['photo', DELIVERY_MSG.needPhoto]]);
    expect(refusal({ status: 'Delivered', receivedBy: '   ', photo })).toEqual([['receivedBy', DELIVERY_MSG.needReceiver]]);
    for (const code of ['123', '12345', '12a4', ' 1234', 1234]) expect(refusal({ status: 'Delivered', deliveryCode: code })?.[0]?.[0], String(code)).toBe('deliveryCode');
  });

  it('says how many tries are left, and points to the photo after the last', () => {
    expect(DELIVERY_MSG.wrongCode(4)).toBe('That delivery code is wrong. 4 tries left.');
    expect(DELIVERY_MSG.wrongCode(1)).toBe('That delivery code is wrong. 1 try left.');
    expect(DELIVERY_MSG.wrongCode(0)).toMatch(/last try.*photo/);
  });
});
