import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VendorKind } from '@nirmaan/shared/vendor-auth';

/**
 * The vendor portal's sections, in the order its navigation shows them; `kinds` limits one to sellers or
 * professionals; `unreadChat`: the item shows the vendor's unread chat messages as a badge.
 */
export const VENDOR_NAV: { to: string; label: MessageDescriptor; kinds?: VendorKind[]; unreadChat?: true }[] = [
  { to: '/vendor', label: msg`Dashboard` },
  { to: '/vendor/products', label: msg`Products`, kinds: ['seller'] },
  { to: '/vendor/delivery', label: msg`Delivery`, kinds: ['seller'] },
  { to: '/vendor/requests', label: msg`Requests`, kinds: ['seller'] },
  { to: '/vendor/orders', label: msg`Orders` },
  { to: '/vendor/bookings', label: msg`Bookings` },
  { to: '/vendor/calendar', label: msg`Calendar`, kinds: ['professional'] },
  { to: '/vendor/chat', label: msg`Messages`, unreadChat: true },
  { to: '/vendor/profile', label: msg`Profile` },
  { to: '/vendor/payouts', label: msg`Payouts` },
  { to: '/vendor/earnings', label: msg`Earnings` },
  { to: '/vendor/projects', label: msg`Projects`, kinds: ['professional'] },
  { to: '/vendor/reviews', label: msg`Reviews` },
  { to: '/vendor/disputes', label: msg`Disputes` },
];

/** The sections a vendor of this kind sees. */
export const vendorNavFor = (kind: VendorKind) => VENDOR_NAV.filter((item) => !item.kinds || item.kinds.includes(kind));
