import type { VendorKind } from '@nirmaan/shared/vendor-auth';

/** The vendor portal's sections, in the order its navigation shows them; some are for one kind of vendor only. */
export const VENDOR_NAV: { to: string; label: string; only?: VendorKind }[] = [
  { to: '/vendor', label: 'Dashboard' },
  { to: '/vendor/orders', label: 'Orders' },
  { to: '/vendor/bookings', label: 'Bookings' },
  { to: '/vendor/profile', label: 'Profile' },
  { to: '/vendor/projects', label: 'Projects', only: 'professional' },
  { to: '/vendor/reviews', label: 'Reviews' },
];

export const navFor = (kind: VendorKind) => VENDOR_NAV.filter((item) => !item.only || item.only === kind);
