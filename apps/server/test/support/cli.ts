import { spawn } from 'node:child_process';
import { nodeArgs } from './bundle.ts';
import { repoRoot } from './server-process.ts';

/**
 * One of the operator commands (`apps/server/src/cli/*.ts`) as a real child process, on the database `env` names
 * (see `freshDatabaseEnv`), `stdin` piped to it; resolves with its exit code, its stdout alone (a report's CSV)
 * and everything it printed. Runs the command's bundle when the build is current (support/bundle.ts).
 */
export function runCliProcess(env: Record<string, string>, script: string, args: string[], stdin = '') {
  const base = { ...process.env } as Record<string, string>;
  delete base.DATABASE_URL; // only when the caller passes one
  const child = spawn(process.execPath, [...nodeArgs(script), ...args], {
    cwd: repoRoot, env: { ...base, NODE_ENV: 'test', SEED_ON_START: 'false', LOG_LEVEL: 'warn', ...env }, stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let output = '';
  child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); output += c.toString(); });
  child.stderr.on('data', (c: Buffer) => { output += c.toString(); });
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; stdout: string; output: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, output })));
}
