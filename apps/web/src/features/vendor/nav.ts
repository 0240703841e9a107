/** The vendor portal's sections, in the order its navigation shows them. */
/** `unreadChat`: the item shows the vendor's unread chat messages as a badge. */
export const VENDOR_NAV: { to: string; label: string; unreadChat?: true }[] = [
  { to: '/vendor', label: 'Home' },
  { to: '/vendor/orders', label: 'Orders' },
  { to: '/vendor/bookings', label: 'Bookings' },
  { to: '/vendor/chat', label: 'Messages', unreadChat: true },
];
