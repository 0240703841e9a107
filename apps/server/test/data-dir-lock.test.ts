import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/db/data-dir-lock.ts';
import { exitWithin, killHard, repoRoot, spawnServer, type ServerProcess } from './support/server-process.ts';

// The lock guards PGlite's directory; with DATABASE_URL the server opens no directory.
describe.skipIf(!!process.env.DATABASE_URL)('one server process per PGlite data directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nirmaan-lock-'));
  const started: ServerProcess[] = [];
  const start = (env: Record<string, string> = {}, script?: string, args?: string[]) => {
    const p = spawnServer({ DATA_DIR: dataDir, ...env }, script, args);
    started.push(p);
    return p;
  };
  let first: ServerProcess;
  let firstUrl: string;

  afterAll(async () => {
    await Promise.all(started.map(killHard));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a second server on the same directory exits at once, naming the directory and the holder; the first keeps serving', async () => {
    first = start();
    firstUrl = await first.up();

    const second = start();
    const startedAt = Date.now();
    const exit = await exitWithin(second, 20_000);
    expect(exit, `the second server did not exit:\n${second.output()}`).not.toBeNull();
    expect(exit!.code).not.toBe(0);
    expect(exit!.code).not.toBeNull();
    expect(Date.now() - startedAt).toBeLessThan(20_000);
    expect(second.output()).toContain(dataDir);
    expect(second.output()).toContain(`pid ${first.pid}`);
    expect(second.output()).not.toContain('Nirmaan is up');

    const health = await fetch(`${firstUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
  }, 150_000);

  it('npm run seed refuses the directory while the server holds it', async () => {
    const seeder = start({}, 'apps/server/src/seed/cli.ts');
    const exit = await exitWithin(seeder, 20_000);
    expect(exit, `the seeder did not exit:\n${seeder.output()}`).not.toBeNull();
    expect(exit!.code).not.toBe(0);
    expect(seeder.output()).toContain(dataDir);
    expect(seeder.output()).toContain(`pid ${first.pid}`);
    expect(seeder.output()).not.toMatch(/Seeded|already holds data/);
    expect((await fetch(`${firstUrl}/healthz`)).status).toBe(200);
  }, 60_000);

  it('after kill -9 the lock is stale: the next start takes it over, and a graceful stop releases it', async () => {
    await killHard(first);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true); // left behind by the killed process

    const again = start();
    const url = await again.up();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    again.child.kill('SIGTERM');
    const exit = await exitWithin(again, 15_000);
    expect(exit?.code).toBe(0);
    expect(readdirSync(dataDir).filter((f) => f.startsWith(LOCK_FILE))).toEqual([]);
  }, 150_000);

  it('of several processes racing for a stale lock, exactly one wins', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nirmaan-lock-race-'));
    try {
      // A lock left by a process that no longer exists.
      const dead = spawn(process.execPath, ['-e', '']);
      await new Promise((resolve) => dead.once('exit', resolve));
      writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: dead.pid, startTime: null, host: 'x', since: 'then', token: 'stale-token' }));

      // Each racer waits for the same instant, then tries; a winner holds the lock for 3 s.
      const at = Date.now() + 4_000;
      const script = `
        import { lockDataDir } from './apps/server/src/db/data-dir-lock.ts';
        while (Date.now() < ${at}) {}
        try { lockDataDir(${JSON.stringify(dir)}); console.log('WON'); setTimeout(() => {}, 3000); }
        catch (err) { console.log('LOST ' + err.message); process.exitCode = 3; }`;
      const racers = Array.from({ length: 5 }, () =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot });
          let out = '';
          child.stdout.on('data', (c: Buffer) => (out += c.toString()));
          child.stderr.on('data', (c: Buffer) => (out += c.toString()));
          child.once('exit', () => resolve(out));
        }));
      const outputs = await Promise.all(racers);
      expect(outputs.filter((o) => o.includes('WON')), outputs.join('\n')).toHaveLength(1);
      expect(outputs.filter((o) => o.includes('LOST') && o.includes(dir))).toHaveLength(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
