import fs from 'node:fs';

/** How many bytes of log lines may wait for a slow reader before new lines are dropped. */
const MAX_QUEUED_BYTES = 1 << 20;
const RETRY_MS = 50;
/** At most one "still dropping" note on stderr per this many milliseconds. */
const NOTE_EVERY_MS = 60_000;

export interface LogDestination {
  write(line: string): boolean;
  /** Writes what the descriptor takes right now, never waiting; the rest is counted as dropped. */
  flushSync(): void;
  /** Log lines that could not be written. */
  readonly dropped: number;
}

/**
 * Log lines to stdout that never stop or hang the server (issue item 12). pino's default destination retries a
 * dead pipe forever in its flush at exit (write → EPIPE, sleep 100 ms, repeat), which blocked the event loop
 * and the force-exit timer for 29 minutes. Here stdout is non-blocking: a full pipe queues up to 1 MiB and is
 * retried by a timer, a pipe whose reader went away (EPIPE, or any other write error) stops all writing, and
 * every line that cannot be written is dropped and counted. The count goes to stderr, if stderr still works.
 */
export function nonBlockingStdout(options: { fd?: number; errFd?: number; maxQueuedBytes?: number } = {}): LogDestination {
  const fd = options.fd ?? 1;
  const errFd = options.errFd ?? 2;
  const maxQueued = options.maxQueuedBytes ?? MAX_QUEUED_BYTES;
  if (fd === 1) makeStdioNonBlocking();

  let queue: Buffer[] = [];
  let queuedBytes = 0;
  let retry: NodeJS.Timeout | undefined;
  let brokenBy: string | undefined;
  let dropped = 0;
  let notedAt = -Infinity;

  const note = (text: string) => {
    try {
      fs.writeSync(errFd, `nirmaan: ${text}\n`);
    } catch {
      // stderr is gone too: the count is all that is left.
    }
  };
  const drop = (lines: number, why: string) => {
    dropped += lines;
    const now = Date.now();
    if (now - notedAt >= NOTE_EVERY_MS) {
      notedAt = now;
      note(`log output is not being written to stdout (${why}); dropping log lines (${dropped} so far)`);
    }
  };
  const breakOff = (code: string) => {
    brokenBy = code;
    clearTimeout(retry);
    retry = undefined;
    const lines = queue.length;
    queue = [];
    queuedBytes = 0;
    drop(lines, code);
  };

  /** Writes queued lines until the descriptor would block; true when it would. */
  const writeNow = (): boolean => {
    while (queue.length > 0) {
      const chunk = queue.length === 1 ? queue[0]! : Buffer.concat(queue);
      let n: number;
      try {
        n = fs.writeSync(fd, chunk);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? 'error';
        if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return true;
        breakOff(code);
        return false;
      }
      // Lines written whole leave the queue; a partly written one stays as its unwritten rest.
      let left = n;
      const rest: Buffer[] = [];
      for (const b of queue) {
        if (left >= b.length) left -= b.length;
        else {
          rest.push(left > 0 ? b.subarray(left) : b);
          left = 0;
        }
      }
      queue = rest;
      queuedBytes -= n;
    }
    return false;
  };

  const flush = () => {
    retry = undefined;
    if (brokenBy || !writeNow()) return;
    retry = setTimeout(flush, RETRY_MS);
    retry.unref();
  };

  const destination: LogDestination = {
    write(line: string) {
      if (brokenBy) {
        drop(1, brokenBy);
        return true;
      }
      const buf = Buffer.from(line);
      if (queuedBytes + buf.length > maxQueued) {
        drop(1, 'the reader is not keeping up');
        return true;
      }
      queue.push(buf);
      queuedBytes += buf.length;
      if (!retry) flush();
      return true;
    },
    flushSync() {
      clearTimeout(retry);
      retry = undefined;
      if (!brokenBy && writeNow()) drop(queue.length, 'the reader is not keeping up');
      queue = [];
      queuedBytes = 0;
    },
    get dropped() {
      return dropped;
    },
  };

  process.once('exit', () => {
    destination.flushSync();
    if (dropped > 0) note(`${dropped} log line${dropped === 1 ? '' : 's'} could not be written to stdout and were dropped`);
  });
  return destination;
}

/**
 * Opening process.stdout and process.stderr puts pipes and sockets in non-blocking mode (libuv does), so a
 * write to a full pipe answers EAGAIN instead of blocking the event loop. Their own errors (EPIPE from a console
 * line) are ignored: lost output must not crash the server.
 */
function makeStdioNonBlocking() {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}
