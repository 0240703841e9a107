import { unknownPincodeMessage, type PincodeInfo } from '@nirmaan/shared/delivery';
import { AppError } from '../../lib/errors.ts';
import { findPincode } from './pincodes.ts';

/**
 * Delivery (issue 32; decision record 031): the PIN code table, sellers' delivery settings, and quotes of what a
 * delivery costs and when it arrives. The only door into this module.
 */

export { findPincode, pincodeCount } from './pincodes.ts';

/** GET /api/pincodes/{pin}: the PIN's district, state and centroid, or a 404 that says which PIN is unknown. */
export function pincodeInfo(pin: string): PincodeInfo {
  const found = findPincode(pin);
  if (!found) throw new AppError('NOT_FOUND', unknownPincodeMessage(pin));
  return found;
}
