import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The commission module: the platform's rates. */

/**
 * The platform's commission rates in basis points, one row per scope: `default:materials`, `default:services`,
 * `category:<lower name>`, `vendor:<id>`. The most specific applies (vendor > category > default).
 */
export const commissionRates = pgTable('commission_rates', {
  scopeKey: text('scope_key').primaryKey(),
  rateBps: integer('rate_bps').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('commission_rates_bps_check', sql`${t.rateBps} >= 0 AND ${t.rateBps} <= 10000`),
  check('commission_rates_scope_check', sql`${t.scopeKey} ~ '^(default:(materials|services)|category:.+|vendor:[0-9a-f-]{36})$'`),
]);
