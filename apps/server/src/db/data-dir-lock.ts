import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * PGlite serves one process: two processes on one data directory both answer, and the writes of one are
 * lost. `lockDataDir` takes an exclusive lock file inside the directory and refuses when a live process
 * holds it. A lock left behind by a process that no longer runs (kill -9, power loss) is taken over.
 *
 * Race-free without OS file locks:
 * - The lock file appears complete and at once: our record is written to a temporary file first, then
 *   hard-linked to the lock's name; `link` fails with EEXIST when the name is taken, so one starter wins.
 * - Taking over a stale lock: only the process that creates `<lock>.takeover-<id>` (again by `link`) may
 *   remove a lock file whose identity is `<id>`, so two starters can never both remove it and both win;
 *   the loser finds the winner's live lock on its next pass. A takeover marker whose creator died is itself
 *   stale and removed the same way.
 */

export const LOCK_FILE = 'nirmaan.lock';

interface LockRecord {
  pid: number;
  /** Process start time in clock ticks since boot (Linux /proc), so a reused pid is not taken for the holder. */
  startTime: string | null;
  host: string;
  since: string;
  token: string;
}

export interface DataDirLock {
  /** The lock file. */
  file: string;
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly holderPid: number, detail: string) {
    super(
      `The data directory ${dataDir} is in use by another Nirmaan process (pid ${holderPid}${detail}). ` +
        'PGlite serves one process: stop that process first, or set DATABASE_URL to run several servers on PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: LockRecord = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    host: hostname(),
    since: new Date().toISOString(),
    token: randomUUID(),
  };
  const tmp = path.join(dir, `${LOCK_FILE}.${process.pid}.${me.token}.tmp`);
  writeFileSync(tmp, `${JSON.stringify(me)}\n`, { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        linkSync(tmp, file);
        return ownLock(file, me.token);
      } catch (err) {
        if (code(err) !== 'EEXIST') throw err;
      }
      const holder = readLock(file);
      if (!holder) continue; // released between our link and our read: try again
      if (isAlive(holder.record)) {
        const r = holder.record!;
        throw new DataDirLockedError(dir, r.pid, `, host ${r.host}, since ${r.since}; lock file ${file}`);
      }
      if (!removeStale(dir, file, holder, tmp, 0)) sleep(10 + Math.random() * 20);
    }
    throw new Error(`Could not lock the data directory ${dir}: ${file} kept changing. Is another process starting?`);
  } finally {
    unlinkQuietly(tmp);
  }
}

function ownLock(file: string, token: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      // Only our own record: never remove a lock someone else took over.
      if (readLock(file)?.record?.token === token) unlinkQuietly(file);
    } catch {
      // left behind, it is stale once we are gone and the next start takes it over
    }
  };
  // A process that exits without closing the database (process.exit on a fatal error) still frees it.
  process.on('exit', release);
  return { file, release };
}

interface ReadLock {
  /** Token for a well-formed record; inode and mtime otherwise (an empty or damaged file). */
  id: string;
  record: LockRecord | null;
}

function readLock(file: string): ReadLock | null {
  let text: string;
  let id: string;
  try {
    const st = statSync(file);
    text = readFileSync(file, 'utf8');
    id = `i${st.ino}-${Math.round(st.mtimeMs)}`;
  } catch (err) {
    if (code(err) === 'ENOENT') return null;
    throw err;
  }
  try {
    const record = JSON.parse(text) as LockRecord;
    if (Number.isInteger(record.pid) && typeof record.token === 'string' && /^[\w-]+$/.test(record.token)) {
      return { id: record.token, record };
    }
  } catch {
    // damaged: stale by definition (a lock file is only ever linked complete)
  }
  return { id, record: null };
}

/**
 * Removes `file` if it still is the stale `holder`. Returns false when another process is busy taking it
 * over (the caller waits and looks again).
 */
function removeStale(dir: string, file: string, holder: ReadLock, tmp: string, depth: number): boolean {
  const marker = path.join(dir, `${LOCK_FILE}.takeover-${holder.id}`);
  try {
    linkSync(tmp, marker);
  } catch (err) {
    if (code(err) !== 'EEXIST') throw err;
    // Someone else is taking it over, or died doing so: then their marker is stale too.
    const other = readLock(marker);
    if (other && !isAlive(other.record) && depth < 4) removeStale(dir, marker, other, tmp, depth + 1);
    return false;
  }
  try {
    // Only the marker's creator removes a lock with this identity, so it cannot have changed since we read it.
    if (readLock(file)?.id === holder.id) unlinkQuietly(file);
  } finally {
    unlinkQuietly(marker);
  }
  return true;
}

function isAlive(record: LockRecord | null): boolean {
  if (!record || record.pid <= 0) return false;
  try {
    process.kill(record.pid, 0);
  } catch (err) {
    if (code(err) === 'ESRCH') return false;
    // EPERM: it exists and belongs to someone else
  }
  const stat = procStat(record.pid);
  if (stat === null) return true; // no /proc: the pid exists, so take it for the holder
  if (stat.state === 'Z' || stat.state === 'X') return false; // killed, not yet reaped
  return record.startTime === null || record.startTime === stat.startTime;
}

function processStartTime(pid: number) {
  return procStat(pid)?.startTime ?? null;
}

/** State and start time from /proc/<pid>/stat (Linux); null elsewhere or when it cannot be read. */
function procStat(pid: number): { state: string; startTime: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const state = fields[0];
    const startTime = fields[19];
    return state && startTime ? { state, startTime } : null;
  } catch {
    return null;
  }
}

function unlinkQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch (err) {
    if (code(err) !== 'ENOENT') throw err;
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const code = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;
