import { pgEnum, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers and the enums more than one module's tables use (orders and bookings share the payment ones). */

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const paymentStatus = pgEnum('payment_status', ['Pending', 'Paid', 'Refunded']);
export const paymentMethod = pgEnum('payment_method', ['cod', 'online', 'upi', 'card', 'netbanking', 'cash']);
