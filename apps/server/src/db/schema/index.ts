/**
 * Every table, for db/client.ts's `Db` type (drizzle's relational schema), seed/ and the tests. Each module owns the
 * tables its repository writes, declared in `db/schema/<module>.ts`; a module's files import only their own file
 * (lint: nirmaan/own-tables), the ops read model excepted (docs/architecture.md, decision record 031).
 */
/** The enums orders and bookings share (the column helpers stay inside db/schema). */
export { paymentMethod, paymentStatus } from './columns.ts';
export * from './base.ts';
export * from './auth.ts';
export * from './vendors.ts';
export * from './catalogue.ts';
export * from './uploads.ts';
export * from './reviews.ts';
export * from './cart.ts';
export * from './orders.ts';
export * from './bookings.ts';
export * from './payments.ts';
export * from './chat.ts';
export * from './ops.ts';
export * from './commission.ts';
export * from './payouts.ts';
export * from './disputes.ts';
export * from './invoices.ts';
export * from './transfers.ts';
export * from './files.ts';
export * from './delivery.ts';
export * from './rfqs.ts';
export * from './calendar.ts';
export * from './whatsapp.ts';

// Views the owning modules publish for other modules' joins (read-only).
export * from './published/vendors.ts';
export * from './quotes.ts';
