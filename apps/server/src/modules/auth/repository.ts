import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';

export const emailMatches = (email: string) => sql`lower(${customers.email}) = ${email.toLowerCase()}`;

export async function findCustomerByEmail(db: Db | Tx, email: string) {
  const [row] = await db.select().from(customers).where(emailMatches(email));
  return row;
}

export async function findCustomerById(db: Db, id: string) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

export async function findCustomerByGoogleSubject(db: Db | Tx, subject: string) {
  const [row] = await db.select().from(customers).where(eq(customers.googleSubject, subject));
  return row;
}
