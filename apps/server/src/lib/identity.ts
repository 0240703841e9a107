import type { FastifyRequest } from 'fastify';
import { OPS_MSG, OPS_PERMISSIONS, type OperatorRole, type OpsPermission } from '@nirmaan/shared/ops';
import { AppError } from './errors.ts';

/** Who a session belongs to. Customers and vendors are separate roles: neither can use the other's calls. */
export interface Identity {
  role: 'customer' | 'vendor';
  id: string;
  name: string;
  sessionId: string;
}

/**
 * An operator of the console: a session of its own (its own cookie and table), never a customer or vendor
 * identity, so no customer or vendor call accepts it and no ops call accepts theirs.
 */
export interface OperatorIdentity {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session cookie's identity, or null; looked up once per request (plugins/session.ts). */
    identity(): Promise<Identity | null>;
    /** The ops cookie's live operator, or null; looked up (and its idle clock moved) once per request. */
    operator(): Promise<OperatorIdentity | null>;
  }
  interface FastifyReply {
    /** Sets the HttpOnly session cookie for a new login (plugins/session.ts). */
    setSessionCookie(token: string): FastifyReply;
    clearSessionCookie(): FastifyReply;
    /** The operator console's own cookie: SameSite=Strict, HttpOnly, at most the session's 8 hours. */
    setOpsCookie(token: string): FastifyReply;
    clearOpsCookie(): FastifyReply;
  }
}

export const LOGIN_REQUIRED = 'Please log in to continue.';

export async function requireCustomer(req: FastifyRequest): Promise<Identity> {
  const who = await req.identity();
  if (!who) throw new AppError('UNAUTHENTICATED', LOGIN_REQUIRED);
  if (who.role !== 'customer') throw new AppError('FORBIDDEN', 'This is for customers. Please log in with a customer account.');
  return who;
}

export async function requireVendor(req: FastifyRequest): Promise<Identity> {
  const who = await req.identity();
  if (!who) throw new AppError('UNAUTHENTICATED', LOGIN_REQUIRED);
  if (who.role !== 'vendor') throw new AppError('FORBIDDEN', 'This is for vendors. Please log in with your vendor account.');
  return who;
}

/** Path or body ids that name a customer must be the session's own. */
export async function requireSelf(req: FastifyRequest, customerId: string): Promise<Identity> {
  const me = await requireCustomer(req);
  if (me.id !== customerId) throw new AppError('FORBIDDEN', 'You can only see and change your own account.');
  return me;
}

/** The logged-in operator, if their role has the permission: 401 without an ops session, 403 for the wrong role. */
export async function requireOperator(req: FastifyRequest, permission: OpsPermission): Promise<OperatorIdentity> {
  const op = await req.operator();
  if (!op) throw new AppError('UNAUTHENTICATED', OPS_MSG.loginRequired);
  if (!(OPS_PERMISSIONS[permission] as readonly OperatorRole[]).includes(op.role)) throw new AppError('FORBIDDEN', OPS_MSG.wrongRole);
  return op;
}
