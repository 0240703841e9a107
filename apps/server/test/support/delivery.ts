import type { DeliverySettings } from '@nirmaan/shared/delivery';
import { DEMO_SELLER_DELIVERY } from '../../src/seed/data/delivery.ts';

/**
 * The demo seller's settings (a Hyderabad depot at 500001, 40 km, a tempo, a 407 and a 10-tonne truck), with one
 * PIN inside the radius left out (500046): what the tests' sellers save.
 */
export const HYDERABAD_DELIVERY: DeliverySettings = { ...DEMO_SELLER_DELIVERY, areaRules: [{ match: '500046', include: false }] };
