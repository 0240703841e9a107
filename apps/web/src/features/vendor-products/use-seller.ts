import { useOutletContext } from 'react-router';
import type { VendorMe } from '@nirmaan/shared/vendor-auth';

/** The logged-in vendor, handed down by the vendor portal's frame to the pages under it. */
export const useSeller = () => useOutletContext<VendorMe>();
