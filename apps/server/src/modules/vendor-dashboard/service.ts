import type { VendorDashboard } from '@nirmaan/shared';
import type { Db } from '../../db/client.ts';
import { todayInIndia, vendorBookingSummary } from '../bookings/service.ts';
import { conversations, countUnread } from '../chat/service.ts';
import { vendorProductViews } from '../catalogue/service.ts';
import { vendorOrderSummary } from '../orders/service.ts';
import { reviewsReceived } from '../reviews/service.ts';

/** How many of the latest order lines, bookings, conversations and reviews the dashboard shows. */
export const DASHBOARD_LATEST = 5;

/** The calendar month in India (UTC+05:30, no daylight saving) that `now` falls in, and the instant it began. */
export function monthInIndia(now = new Date()) {
  const month = todayInIndia(now).slice(0, 7);
  return { month, start: new Date(`${month}-01T00:00:00+05:30`) };
}

/**
 * The vendor portal's front page in one call, composed from the services that own each part: order lines to
 * ship and this month's delivered revenue, upcoming bookings, unread messages and the latest conversations,
 * the stored rating with the latest reviews, and the views of its products (none for a professional).
 */
export async function vendorDashboard(db: Db, vendorId: string, now = new Date()): Promise<VendorDashboard> {
  const { month, start } = monthInIndia(now);
  const me = { role: 'vendor', id: vendorId } as const;
  const [orders, bookings, unread, chats, reviews, views] = await Promise.all([
    vendorOrderSummary(db, vendorId, { since: start, latest: DASHBOARD_LATEST }),
    vendorBookingSummary(db, vendorId, { latest: DASHBOARD_LATEST }),
    countUnread(db, me),
    conversations(db, me),
    reviewsReceived(db, vendorId, DASHBOARD_LATEST),
    vendorProductViews(db, vendorId, DASHBOARD_LATEST),
  ]);
  return {
    newOrders: orders.newOrders,
    upcomingBookings: bookings.upcoming,
    unreadMessages: unread,
    rating: { average: reviews.average, count: reviews.count },
    revenueThisMonth: orders.revenue,
    month,
    latestOrders: orders.latest,
    nextBookings: bookings.next,
    latestMessages: chats.conversations.slice(0, DASHBOARD_LATEST),
    latestReviews: reviews.reviews,
    productViews: views,
  };
}
