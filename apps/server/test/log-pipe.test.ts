import { spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitWithin, freshDatabaseEnv, killHard, repoRoot, spawnServer, type ServerProcess } from './support/server-process.ts';

const BUILT_SERVER = 'apps/server/dist/server.js';

/** `count` GETs over a few keep-alive connections; each one writes two info lines to the server's log. */
async function load(baseUrl: string, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let answered = 0;
  const one = () => new Promise<void>((resolve) => {
    const req = http.get(`${baseUrl}/healthz?pad=${'x'.repeat(2_000)}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        answered++;
        resolve();
      });
    });
    req.on('error', () => resolve());
  });
  for (let i = 0; i < count; i += 64) await Promise.all(Array.from({ length: Math.min(64, count - i) }, one));
  agent.destroy();
  return answered;
}

/**
 * Issue item 12: production with stdout on a pipe whose reader stops reading and then goes away. The server must
 * keep answering while its log lines cannot be written, and SIGTERM must end it within the shutdown bound.
 */
describe('a broken log pipe (the built server, production)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('keeps answering while stdout is full, and exits within 12 s of SIGTERM once the reader is gone', async () => {
    expect(existsSync(path.join(repoRoot, BUILT_SERVER)), `${BUILT_SERVER} exists (npm run build)`).toBe(true);
    const database = await freshDatabaseEnv('nirmaan-log-pipe');
    cleanups.push(database.drop);
    const server: ServerProcess = spawnServer({ ...database.env, NODE_ENV: 'production', LOG_LEVEL: 'info' }, BUILT_SERVER);
    cleanups.push(() => killHard(server));
    const baseUrl = await server.up();

    // The reader stops reading: the pipe (and this side's buffer) fills up with log lines.
    server.child.stdout!.pause();
    const requests = 3_000;
    expect(await load(baseUrl, requests), 'every request answered while stdout is full').toBe(requests);

    server.child.kill('SIGTERM');
    // The reader goes away: writes to stdout now fail with EPIPE.
    server.child.stdout!.destroy();
    const exit = await exitWithin(server, 12_000);
    expect(exit, 'the server exited within 12 s of SIGTERM').not.toBeNull();
    expect(exit, 'it shut down cleanly, not killed by the watchdog').toEqual({ code: 0, signal: null });
    // stderr still works: the server says log output was lost.
    expect(server.output()).toMatch(/log lines? (could not be written|were dropped|dropped)/i);
  }, 240_000);
});

describe('the shutdown watchdog', () => {
  it('kills the process on time even while its main thread is stuck in a synchronous loop', async () => {
    // The loop pino's exit flush ran on a dead pipe: nothing on the main thread can interrupt it.
    const code = `
      const { startExitWatchdog } = await import('./apps/server/src/lib/exit-watchdog.ts');
      startExitWatchdog(1500);
      const sleeper = new Int32Array(new SharedArrayBuffer(4));
      for (;;) Atomics.wait(sleeper, 0, 0, 100);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const started = Date.now();
    const exit = await new Promise<{ signal: NodeJS.Signals | null; ms: number }>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.once('exit', (_c, signal) => {
        clearTimeout(timer);
        resolve({ signal, ms: Date.now() - started });
      });
    });
    expect(exit.signal).toBe('SIGKILL');
    expect(exit.ms).toBeLessThan(15_000);
    expect(stderr).toContain('shutdown did not finish in 1500 ms; killing the process');
  }, 30_000);
});
