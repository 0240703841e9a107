import { useOutletContext } from 'react-router';
import type { VendorMe } from '@nirmaan/shared/vendor-auth';

/** The logged-in vendor, for pages under the vendor portal's frame (which guarantees one). */
export const useVendor = () => useOutletContext<VendorMe>();
