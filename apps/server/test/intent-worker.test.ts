import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { IntentWorker, type IntentWorkerOptions } from '../src/lib/intent-worker.ts';

/**
 * The loop the payment, Route account and transfer workers share (lib/intent-worker.ts): pokes, passes one at a
 * time, the sweep, and a stop bounded in time. Passes here are promises the test settles itself.
 */

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { opened, open };
}

class TestWorker extends IntentWorker {
  count = 0;
  /** What each pass does, by its number (1, 2, …); by default, nothing. */
  work: (n: number) => Promise<void> = async () => undefined;

  constructor(options: Partial<IntentWorkerOptions> = {}, readonly lines: string[] = []) {
    const log = pino({ level: 'info' }, new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } }));
    super(log, { name: 'test worker', enabled: true, intervalMs: 60_000, stopWaitMs: 300, ...options });
  }

  protected async pass() {
    this.count += 1;
    await this.work(this.count);
  }

  /** A call a request starts after its commit, which `stop` waits for. */
  callSoon(p: Promise<void>) {
    return this.track(p);
  }
}

describe('a poke during a pass', () => {
  it('runs one more pass after it (however many pokes arrive), and the pokes resolve when it is done', async () => {
    const w = new TestWorker({ passAgainOnPoke: true });
    const first = gate();
    const seen: number[] = [];
    w.work = async (n) => {
      seen.push(n);
      if (n === 1) await first.opened;
    };
    const p1 = w.poke();
    const [p2, p3] = [w.poke(), w.poke()];
    expect(w.count).toBe(1);
    first.open();
    await Promise.all([p1, p2, p3]);
    expect(seen).toEqual([1, 2]);
    await w.poke();
    expect(w.count).toBe(3);
  });

  it('joins the pass in flight when the worker does not ask for another', async () => {
    const w = new TestWorker();
    const first = gate();
    w.work = (n) => (n === 1 ? first.opened : Promise.resolve());
    const p1 = w.poke();
    const p2 = w.poke();
    expect(p2).toBe(p1);
    first.open();
    await p2;
    expect(w.count).toBe(1);
  });
});

describe('stop', () => {
  it('waits for the pass and the calls in flight', async () => {
    const w = new TestWorker({ stopWaitMs: 10_000 });
    const pass = gate();
    const call = gate();
    w.work = () => pass.opened;
    void w.poke();
    void w.callSoon(call.opened);
    let stopped = false;
    const stopping = w.stop().then(() => { stopped = true; });
    setTimeout(pass.open, 50);
    await new Promise((r) => setTimeout(r, 120));
    expect(stopped).toBe(false);
    call.open();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('gives up on a pass that hangs after its bound', async () => {
    const w = new TestWorker({ stopWaitMs: 200 });
    w.work = () => new Promise<void>(() => undefined);
    void w.poke();
    const started = Date.now();
    await w.stop();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(2_000);
  });

  it('stops the sweep', async () => {
    const w = new TestWorker({ intervalMs: 20 });
    w.start();
    await expect.poll(() => w.count, { timeout: 2_000, interval: 10 }).toBeGreaterThan(0);
    await w.stop();
    const after = w.count;
    await new Promise((r) => setTimeout(r, 100));
    expect(w.count).toBe(after);
  });
});

describe('the sweep', () => {
  it('logs a failing pass and goes on with the next one', async () => {
    const w = new TestWorker({ intervalMs: 20 });
    w.work = async (n) => {
      if (n === 1) throw new Error('the gateway is down');
    };
    w.start();
    try {
      await expect.poll(() => w.count, { timeout: 2_000, interval: 10 }).toBeGreaterThanOrEqual(3);
    } finally {
      await w.stop();
    }
    const failures = w.lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message: string } }).filter((l) => l.msg === 'test worker pass failed');
    expect(failures).toEqual([expect.objectContaining({ level: 50, err: expect.objectContaining({ message: 'the gateway is down' }) })]);
  });

  it('is not started without a gateway to call', async () => {
    const w = new TestWorker({ enabled: false, intervalMs: 10 });
    w.start();
    await new Promise((r) => setTimeout(r, 80));
    expect(w.count).toBe(0);
    await w.stop();
  });
});
