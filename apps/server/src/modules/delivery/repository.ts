import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { vendorDeliverySettings } from '../../db/schema/delivery.ts';

/** All of the delivery module's SQL: its one table, the sellers' own delivery settings. */

export type SettingsRow = typeof vendorDeliverySettings.$inferSelect;
export type SettingsValues = Omit<typeof vendorDeliverySettings.$inferInsert, 'updatedAt'>;

export async function findSettings(db: Db | Tx, vendorId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(vendorDeliverySettings).where(eq(vendorDeliverySettings.vendorId, vendorId));
  return row ?? null;
}

/** The settings of these sellers (those without any are absent), for a quote over a cart. */
export async function findSettingsOf(db: Db | Tx, vendorIds: string[]): Promise<SettingsRow[]> {
  if (vendorIds.length === 0) return [];
  return db.select().from(vendorDeliverySettings).where(inArray(vendorDeliverySettings.vendorId, vendorIds));
}

/** Every seller's settings, for routing a request for quotes to the sellers who serve a PIN (issue 35). */
export async function findAllSettings(db: Db | Tx): Promise<SettingsRow[]> {
  return db.select().from(vendorDeliverySettings);
}

/** One upsert: two saves racing leave one whole set of settings, never a mix. */
export async function saveSettings(db: Db, values: SettingsValues): Promise<SettingsRow> {
  const { vendorId, ...rest } = values;
  const [row] = await db.insert(vendorDeliverySettings).values({ vendorId, ...rest })
    .onConflictDoUpdate({ target: vendorDeliverySettings.vendorId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function deleteSettings(db: Db, vendorId: string) {
  await db.delete(vendorDeliverySettings).where(eq(vendorDeliverySettings.vendorId, vendorId));
}
