import { Worker } from 'node:worker_threads';

// Runs in a thread of its own: it fires even while the main thread is stuck in a synchronous loop.
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
setTimeout(() => {
  try { fs.writeSync(2, 'nirmaan: shutdown did not finish in ' + workerData.ms + ' ms; killing the process\\n'); } catch {}
  process.kill(workerData.pid, 'SIGKILL');
}, workerData.ms);
`;

/**
 * Kills this process with SIGKILL after `ms` unless it has exited by then. A timer on the main thread cannot
 * promise that: a synchronous loop (a logger retrying a dead pipe at exit, issue item 12) keeps it from firing.
 */
export function startExitWatchdog(ms: number): Worker {
  const worker = new Worker(WATCHDOG_SOURCE, {
    eval: true, workerData: { pid: process.pid, ms }, stdout: false, stderr: false,
    // No --import hooks of the parent (tsx in tests): they would wait on the main thread to start.
    execArgv: [],
  });
  worker.unref();
  return worker;
}
