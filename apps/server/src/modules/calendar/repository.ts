import { eq, sql } from 'drizzle-orm';
import type { CalendarRules } from '@nirmaan/shared/calendar';
import type { JobOffers } from '@nirmaan/shared/jobs';
import type { Db, Tx } from '../../db/client.ts';
import { professionalCalendars } from '../../db/schema/calendar.ts';

/** All of the calendar module's SQL: its one table, each professional's rules and the row their bookings lock. */

export async function findRules(db: Db | Tx, vendorId: string): Promise<CalendarRules | null> {
  const [row] = await db.select({ rules: professionalCalendars.rules }).from(professionalCalendars).where(eq(professionalCalendars.vendorId, vendorId));
  return row?.rules ?? null;
}

/** One upsert: two saves racing leave one whole calendar, never a mix. */
export async function saveRules(db: Db, vendorId: string, rules: CalendarRules | null) {
  await db.insert(professionalCalendars).values({ vendorId, rules })
    .onConflictDoUpdate({ target: professionalCalendars.vendorId, set: { rules, updatedAt: sql`now()` } });
}

/**
 * Locks the professional's calendar row until the transaction ends, creating it when missing, in one statement:
 * an upsert that touches nothing takes the row lock as an update would. Racing bookings of one professional wait here.
 */
export async function lockRow(tx: Tx, vendorId: string): Promise<CalendarRules | null> {
  const [row] = await tx.insert(professionalCalendars).values({ vendorId, rules: null })
    .onConflictDoUpdate({ target: professionalCalendars.vendorId, set: { vendorId: sql`excluded.vendor_id` } })
    .returning({ rules: professionalCalendars.rules });
  return row?.rules ?? null;
}

/** The professional's site visit fee and multi-day jobs (decision record 042); none while they set nothing. */
export async function findOffers(db: Db | Tx, vendorId: string): Promise<JobOffers> {
  const [row] = await db.select({ visitFeePaise: professionalCalendars.visitFeePaise, multiDay: professionalCalendars.multiDay })
    .from(professionalCalendars).where(eq(professionalCalendars.vendorId, vendorId));
  return { siteVisitFeePaise: row?.visitFeePaise ?? null, multiDay: row?.multiDay ?? null };
}

/** One upsert, like the rules: the offers change together. */
export async function saveOffers(db: Db, vendorId: string, offers: JobOffers) {
  const set = { visitFeePaise: offers.siteVisitFeePaise, multiDay: offers.multiDay };
  await db.insert(professionalCalendars).values({ vendorId, rules: null, ...set })
    .onConflictDoUpdate({ target: professionalCalendars.vendorId, set: { ...set, updatedAt: sql`now()` } });
}
