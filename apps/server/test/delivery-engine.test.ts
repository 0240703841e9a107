import { describe, expect, it } from 'vitest';
import { findPincode, pincodeCount } from '../src/modules/delivery/service.ts';

/** Delivery's pure parts (decision record 031): the PIN table and the quote engine, without a database. */

describe('PIN code table', () => {
  it('holds every Indian PIN once and finds one exactly, with its district, state and centroid', () => {
    expect(pincodeCount()).toBeGreaterThan(19_000);
    expect(findPincode('500001')).toEqual({ pincode: '500001', district: 'Hyderabad', state: 'Telangana', latitude: 17.3862, longitude: 78.462 });
    expect(findPincode('110001')).toMatchObject({ district: 'Central Delhi', state: 'Delhi' });
    expect(findPincode('855117')).toMatchObject({ state: 'Bihar' }); // the last listed PIN
    expect(findPincode('110000')).toBeNull();
    expect(findPincode('999999')).toBeNull();
    expect(findPincode('50003')).toBeNull();
    expect(findPincode('5000321')).toBeNull();
  });
});
