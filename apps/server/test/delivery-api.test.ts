import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller } from './support/http.ts';

/** Delivery's calls (decision record 031): PIN codes, a seller's delivery settings, quotes, and checkout with them. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const call = caller(() => t);

describe('GET /api/pincodes/{pin}', () => {
  it("answers a PIN's district, state and centroid, and a 404 naming an unknown one", async () => {
    const found = await call(null, 'GET', '/api/pincodes/500032');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ pincode: '500032', district: 'K.V.Rangareddy', state: 'Telangana', latitude: expect.closeTo(17.13, 1), longitude: expect.closeTo(78.41, 1) });
    expect((await call(null, 'GET', '/api/pincodes/400001')).json()).toMatchObject({ district: 'Mumbai', state: 'Maharashtra' });
    const unknown = await call(null, 'GET', '/api/pincodes/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('We could not find the pincode 999999. Please check it and try again.');
    const bad = await call(null, 'GET', '/api/pincodes/5000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/6-digit pincode/);
  });
});
