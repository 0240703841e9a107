import type { VendorKind } from '@nirmaan/shared/vendor-auth';

/**
 * The vendor portal's sections, in the order its navigation shows them; `kinds` limits one to sellers or
 * professionals; `unreadChat`: the item shows the vendor's unread chat messages as a badge.
 */
export const VENDOR_NAV: { to: string; label: string; kinds?: VendorKind[]; unreadChat?: true }[] = [
  { to: '/vendor', label: 'Dashboard' },
  { to: '/vendor/products', label: 'Products', kinds: ['seller'] },
  { to: '/vendor/delivery', label: 'Delivery', kinds: ['seller'] },
  { to: '/vendor/requests', label: 'Requests', kinds: ['seller'] },
  { to: '/vendor/orders', label: 'Orders' },
  { to: '/vendor/bookings', label: 'Bookings' },
  { to: '/vendor/calendar', label: 'Calendar', kinds: ['professional'] },
  { to: '/vendor/chat', label: 'Messages', unreadChat: true },
  { to: '/vendor/profile', label: 'Profile' },
  { to: '/vendor/payouts', label: 'Payouts' },
  { to: '/vendor/earnings', label: 'Earnings' },
  { to: '/vendor/projects', label: 'Projects', kinds: ['professional'] },
  { to: '/vendor/reviews', label: 'Reviews' },
  { to: '/vendor/disputes', label: 'Disputes' },
];

/** The sections a vendor of this kind sees. */
export const vendorNavFor = (kind: VendorKind) => VENDOR_NAV.filter((item) => !item.kinds || item.kinds.includes(kind));
