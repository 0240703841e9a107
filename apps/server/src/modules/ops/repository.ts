import { and, asc, desc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OperatorRole } from '@nirmaan/shared/ops';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, operators, opsSessions } from '../../db/schema/ops.ts';

/**
 * All SQL on the operator console's own tables: operators, their sessions and the audit log. What the console reads
 * of other modules' tables is in read-model.ts; every change to another module's rows goes through that module's
 * service (decision records 015, 031).
 */

type Conn = Db | Tx;
export type Operator = typeof operators.$inferSelect;

const operatorEmailIs = (email: string) => sql`lower(${operators.email}) = ${email.toLowerCase()}`;

export async function findOperatorByEmail(db: Conn, email: string): Promise<Operator | undefined> {
  const [row] = await db.select().from(operators).where(operatorEmailIs(email));
  return row;
}

export async function insertOperator(tx: Tx, values: { email: string; name: string; role: OperatorRole; passwordHash: string }) {
  const [row] = await tx.insert(operators).values(values).returning({ id: operators.id, email: operators.email, name: operators.name, role: operators.role });
  return row!;
}

/** Every operator for the admins' screen, by email. */
export async function listOperators(db: Conn) {
  return db.select().from(operators).orderBy(asc(sql`lower(${operators.email})`));
}

/**
 * Locks, in one statement and in id order, the rows of every active admin and of the operator `id`, and returns
 * them as they are once locked. Every change to an operator takes these locks first and takes no other operator
 * row later, so concurrent changes queue in one order and never deadlock (locking the target in a second statement
 * did, on PostgreSQL: a target that had just stopped being an admin was locked out of order).
 */
export async function lockAdminsAnd(tx: Tx, id: string): Promise<Operator[]> {
  return tx.select().from(operators)
    .where(or(and(eq(operators.role, 'admin'), isNull(operators.disabledAt)), eq(operators.id, id)))
    .orderBy(asc(operators.id)).for('no key update');
}

export async function setOperatorRole(tx: Tx, id: string, role: OperatorRole): Promise<Operator> {
  const [row] = await tx.update(operators).set({ role }).where(eq(operators.id, id)).returning();
  return row!;
}

/** Disables (sessions end at their next request, and are revoked here too) or enables an operator. */
export async function setOperatorDisabled(tx: Tx, id: string, disabled: boolean): Promise<Operator> {
  const [row] = await tx.update(operators).set({ disabledAt: disabled ? sql`now()` : null, loginPendingUntil: null }).where(eq(operators.id, id)).returning();
  if (disabled) await tx.update(opsSessions).set({ revokedAt: sql`now()` }).where(and(eq(opsSessions.operatorId, id), isNull(opsSessions.revokedAt)));
  return row!;
}

/** A right password lets the mailed code open a session within `minutes`. */
export async function markLoginPending(db: Conn, id: string, minutes: number) {
  await db.update(operators).set({ loginPendingUntil: sql`now() + make_interval(mins => ${minutes})` }).where(eq(operators.id, id));
}

/** Uses up the operator's pending login, atomically: one code opens one session, and only after the password. */
export async function takePendingLogin(tx: Tx, email: string) {
  const [row] = await tx.update(operators).set({ loginPendingUntil: null })
    .where(and(operatorEmailIs(email), gt(operators.loginPendingUntil, sql`now()`), isNull(operators.disabledAt)))
    .returning({ id: operators.id });
  return row;
}

export async function insertOpsSession(tx: Tx, operatorId: string, tokenHash: string) {
  await tx.insert(opsSessions).values({ operatorId, tokenHash });
}

/**
 * The live session of a token hash, its idle clock moved in the same statement: idle for `idleMinutes` or
 * older than `maxHours` (the database's clock) and it is over.
 */
export async function touchOpsSession(db: Db, tokenHash: string, idleMinutes: number, maxHours: number) {
  const [session] = await db.update(opsSessions).set({ lastSeenAt: sql`now()` })
    .where(and(
      eq(opsSessions.tokenHash, tokenHash), isNull(opsSessions.revokedAt),
      gt(opsSessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
      gt(opsSessions.createdAt, sql`now() - make_interval(hours => ${maxHours})`),
      sql`exists (select 1 from ${operators} o where o.id = ${opsSessions.operatorId} and o.disabled_at is null)`,
    ))
    .returning({ sessionId: opsSessions.id, operatorId: opsSessions.operatorId });
  if (!session) return undefined;
  const [op] = await db.select({ id: operators.id, email: operators.email, name: operators.name, role: operators.role })
    .from(operators).where(eq(operators.id, session.operatorId));
  return op ? { ...op, sessionId: session.sessionId } : undefined;
}

export async function revokeOpsSession(db: Conn, id: string) {
  await db.update(opsSessions).set({ revokedAt: sql`now()` }).where(and(eq(opsSessions.id, id), isNull(opsSessions.revokedAt)));
}

// The audit log: inserts only (a trigger refuses UPDATE and DELETE).

export interface AuditEntry {
  operatorId: string | null;
  actor: string;
  action: string;
  subjectType: 'vendor' | 'customer' | 'operator' | 'product_review' | 'vendor_review' | 'commission_rate' | 'dispute' | 'order' | 'booking' | 'transfer' | 'rfq';
  subjectId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}

export async function appendAudit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values(entry);
}

export interface AuditFilter { action?: string | undefined; subjectType?: string | undefined; subjectId?: string | undefined; actor?: string | undefined; before?: number | undefined }

export async function listAudit(db: Db, f: AuditFilter, limit: number) {
  const where: SQL[] = [];
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.subjectType) where.push(eq(auditLog.subjectType, f.subjectType));
  if (f.subjectId) where.push(eq(auditLog.subjectId, f.subjectId));
  if (f.actor) where.push(sql`lower(${auditLog.actor}) = ${f.actor.toLowerCase()}`);
  if (f.before) where.push(lt(auditLog.id, f.before));
  return db.select().from(auditLog).where(where.length > 0 ? and(...where) : undefined).orderBy(desc(auditLog.id)).limit(limit);
}
