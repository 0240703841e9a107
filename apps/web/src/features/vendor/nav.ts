/** The vendor portal's sections, in the order its navigation shows them. */
export const VENDOR_NAV: { to: string; label: string }[] = [
  { to: '/vendor', label: 'Home' },
  { to: '/vendor/orders', label: 'Orders' },
  { to: '/vendor/bookings', label: 'Bookings' },
];
