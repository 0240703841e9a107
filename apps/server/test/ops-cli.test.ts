import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { openDatabase } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema/index.ts';
import { latestOtp } from './support/auth.ts';
import { createVendor } from './support/factories.ts';
import { opsCookie } from './support/ops.ts';
import { runCliProcess } from './support/cli.ts';
import { freshDatabaseEnv } from './support/server-process.ts';

const PASSWORD = 'Long-Operator-Pass#2026';

describe('npm run operator:create and vendor:approve', () => {
  it('creates an operator from a real child process (password from stdin, never printed), who logs in; CLI approvals are audited', async () => {
    const fresh = await freshDatabaseEnv('operator-create');
    const open = async () => {
      const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
      await database.migrate();
      const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', SEED_ON_START: 'false', WEB_DIST: '/nonexistent' }), database });
      await app.ready();
      return { app, db: database.db, close: async () => { await app.close(); await database.close(); } };
    };
    try {
      let server = await open();
      const pending = await createVendor(server.db, { approvedAt: null, email: 'cli-pending@vendor.example.test' });
      // PGlite serves one process: the CLI needs the directory to itself, as beside a stopped server.
      await server.close();

      const created = await runCliProcess(fresh.env, 'apps/server/src/cli/operator-create.ts', ['New.Op@Ops.Example.Test', '--role', 'support', '--name', 'Nandini Rao'], `${PASSWORD}\n`);
      expect(created.output).toContain('Created operator new.op@ops.example.test (support');
      expect(created.code).toBe(0);
      expect(created.output).not.toContain(PASSWORD);
      const again = await runCliProcess(fresh.env, 'apps/server/src/cli/operator-create.ts', ['new.op@ops.example.test', '--role', 'admin'], `${PASSWORD}\n`);
      expect(again.code).toBe(1);
      expect(again.output).toContain('An operator with the email new.op@ops.example.test already exists.');
      const badRole = await runCliProcess(fresh.env, 'apps/server/src/cli/operator-create.ts', ['x@ops.example.test', '--role', 'root'], `${PASSWORD}\n`);
      expect(badRole.code).toBe(1);
      expect(badRole.output).toContain('Usage: npm run operator:create');
      const weak = await runCliProcess(fresh.env, 'apps/server/src/cli/operator-create.ts', ['y@ops.example.test', '--role', 'admin'], 'short\n');
      expect(weak.code).toBe(1);
      expect(weak.output).toContain('at least 12 characters');

      const approved = await runCliProcess(fresh.env, 'apps/server/src/cli/vendor-approve.ts', ['cli-pending@vendor.example.test']);
      expect(approved.code).toBe(0);
      const twice = await runCliProcess(fresh.env, 'apps/server/src/cli/vendor-approve.ts', ['cli-pending@vendor.example.test']);
      expect(twice.code).toBe(1);
      expect(twice.output).toContain('is not awaiting approval');

      server = await open();
      try {
        const email = 'new.op@ops.example.test';
        expect((await server.app.inject({ method: 'POST', url: '/api/ops/login', payload: { email, password: PASSWORD } })).statusCode).toBe(200);
        const otp = await latestOtp(server.app, email);
        const verified = await server.app.inject({ method: 'POST', url: '/api/ops/login/verify', payload: { email, otp } });
        expect(verified.json().operator).toMatchObject({ email, name: 'Nandini Rao', role: 'support' });
        const token = verified.cookies.find((c) => c.name === 'nirmaan_ops')!.value;
        const audit = await server.app.inject({ method: 'GET', url: '/api/ops/audit', headers: opsCookie(token) });
        const entries = audit.json().entries as { action: string; actor: string; subjectId: string; before: unknown; after: { status?: string } }[];
        expect(entries.map((e) => e.action).sort()).toEqual(['operator.create', 'vendor.approve']);
        for (const e of entries) expect(e.actor).toMatch(/^cli:/);
        expect(entries.find((e) => e.action === 'vendor.approve')).toMatchObject({ subjectId: pending.id, before: { status: 'pending' }, after: { status: 'approved' } });
        const rows = await server.db.select().from(auditLog).where(sql`${auditLog.subjectId} = ${pending.id}`);
        expect(rows).toHaveLength(1);
      } finally {
        await server.close();
      }
    } finally {
      await fresh.drop();
    }
  }, 240_000);
});
