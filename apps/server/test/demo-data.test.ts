import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index.ts';
import { demoAccountsPresent, demoNotice } from '../src/seed/demo-notice.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, seed } from '../src/seed/index.ts';
import { exitWithin, freshDatabaseEnv, killHard, spawnServer, type ServerProcess } from './support/server-process.ts';
import { openTestDatabase } from './support/test-db.ts';

describe('SEED_ON_START', () => {
  it('defaults to loading the demo catalogue in development and tests, and not in production', () => {
    expect(loadConfig({}).SEED_ON_START).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_ON_START).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_ON_START).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).SEED_ON_START).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_ON_START: '' }).SEED_ON_START).toBe(false);
  });

  it('is honoured when set explicitly, in production too', () => {
    expect(loadConfig({ NODE_ENV: 'production', SEED_ON_START: 'true' }).SEED_ON_START).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_ON_START: 'false' }).SEED_ON_START).toBe(false);
    expect(() => loadConfig({ SEED_ON_START: 'yes' })).toThrow(/SEED_ON_START/);
  });
});

describe('the start-up notice about demo accounts', () => {
  it('lists the demo logins outside production', () => {
    const notice = demoNotice({ NODE_ENV: 'development' }, true);
    expect(notice?.level).toBe('info');
    expect(notice?.lines.join('\n')).toContain(`password ${DEMO_PASSWORD}`);
    for (const d of DEMO_LOGINS) expect(notice?.lines.join('\n')).toContain(d.email);
  });

  it('warns loudly in production, naming the published password and the accounts', () => {
    const notice = demoNotice({ NODE_ENV: 'production' }, true);
    expect(notice?.level).toBe('warn');
    const text = notice!.lines.join('\n');
    expect(text).toMatch(/WARNING/);
    expect(text).toContain(DEMO_PASSWORD);
    expect(text).toMatch(/published/);
    for (const d of DEMO_LOGINS) expect(text).toContain(d.email);
  });

  it('says nothing when no demo account exists', () => {
    expect(demoNotice({ NODE_ENV: 'production' }, false)).toBeNull();
    expect(demoNotice({ NODE_ENV: 'development' }, false)).toBeNull();
  });

  it('knows whether the database holds demo accounts', async () => {
    const database = await openTestDatabase();
    try {
      expect(await demoAccountsPresent(database.db)).toBe(false);
      await seed(database.db);
      expect(await demoAccountsPresent(database.db)).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('a production server', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  const startProduction = async (env: Record<string, string>) => {
    const db = await freshDatabaseEnv('nirmaan-prod');
    cleanups.push(db.drop);
    // SEED_ON_START empty counts as unset: the production default applies.
    const server: ServerProcess = spawnServer({ ...db.env, NODE_ENV: 'production', SEED_ON_START: '', ...env });
    cleanups.push(() => killHard(server));
    const url = await server.up();
    return { server, url };
  };
  const demoLogin = (url: string) =>
    fetch(`${url}/fetch/userprofile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: DEMO_LOGINS[0]!.email, password: DEMO_PASSWORD }),
    });

  it('loads no demo accounts unless asked, and prints no demo logins', async () => {
    const { server, url } = await startProduction({});
    const refused = await demoLogin(url);
    expect(await refused.json()).toEqual({ message: 'Invalid email or password.', code: 'UNAUTHENTICATED' });
    expect(server.output()).not.toContain(DEMO_PASSWORD);
    server.child.kill('SIGTERM');
    expect((await exitWithin(server, 15_000))?.code).toBe(0);
  }, 150_000);

  it('with SEED_ON_START=true loads them and warns loudly that their password is published', async () => {
    const { server, url } = await startProduction({ SEED_ON_START: 'true' });
    const login = await demoLogin(url);
    expect(login.status).toBe(200);
    expect(((await login.json()) as { message: string }).message).toBe('Success');
    expect(server.output()).toMatch(/WARNING: NODE_ENV=production and the database holds the DEMO ACCOUNTS, whose password Demo@12345 is published/);
    server.child.kill('SIGTERM');
    expect((await exitWithin(server, 15_000))?.code).toBe(0);
  }, 150_000);
});
