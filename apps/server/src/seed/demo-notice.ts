import { inArray } from 'drizzle-orm';
import type { Config } from '../config/index.ts';
import type { Db } from '../db/client.ts';
import { customers, operators, vendors } from '../db/schema/index.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from './index.ts';

export interface DemoNotice {
  level: 'info' | 'warn';
  lines: string[];
}

/** Whether any demo login (published password) exists in the database, whoever loaded it. */
export async function demoAccountsPresent(db: Db): Promise<boolean> {
  const emails = DEMO_LOGINS.map((d) => d.email);
  const [customer] = await db.select({ id: customers.id }).from(customers).where(inArray(customers.email, emails)).limit(1);
  if (customer) return true;
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(inArray(vendors.email, emails)).limit(1);
  if (vendor) return true;
  const [operator] = await db.select({ id: operators.id }).from(operators).where(inArray(operators.email, emails)).limit(1);
  return operator !== undefined;
}

/**
 * What the start-up log says about the demo accounts. In development and tests it lists them; in
 * production their password is public (README, this log), so it warns loudly; with none loaded, nothing.
 */
export function demoNotice(config: Pick<Config, 'NODE_ENV'>, demoAccountsLoaded: boolean): DemoNotice | null {
  if (!demoAccountsLoaded) return null;
  const logins = DEMO_LOGINS.map((d) => `  ${d.role.padEnd(32)} ${d.email}`);
  if (config.NODE_ENV !== 'production') {
    return { level: 'info', lines: [`Demo logins (password ${DEMO_PASSWORD}):`, ...logins] };
  }
  const bar = '!'.repeat(100);
  return {
    level: 'warn',
    lines: [
      bar,
      `WARNING: NODE_ENV=production and the database holds the DEMO ACCOUNTS, whose password ${DEMO_PASSWORD} is published.`,
      'Anyone can log in as them:',
      ...logins,
      'Load demo data in production only on purpose (SEED_ON_START=true); on a real deployment leave SEED_ON_START',
      'unset and use a database without the demo catalogue.',
      bar,
    ],
  };
}
