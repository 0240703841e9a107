import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** One round trip to the database: throws when it is unreachable. */
export async function pingDatabase(db: Db) {
  await db.execute(sql`select 1`);
}
