import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { startRazorpay } from './razorpay.ts';

export type RazorpayStandIn = Awaited<ReturnType<typeof startRazorpay>>;

/**
 * A test file's app on a database of its own, its gateway a Razorpay stand-in of its own (the stand-in's keys and
 * URL, plus `env`): both start before the file's first test and are handed to `ready`, which sets the file's `t` and
 * `rzp` and may do more (log people in). After the last test, calls the stand-in still holds are answered, then the
 * app and the stand-in close, in that order.
 */
export function appWithRazorpay(
  ready: (started: { t: TestApp; rzp: RazorpayStandIn }) => unknown,
  env: Record<string, string> = {},
  opts: Parameters<typeof createTestApp>[1] = {},
) {
  const started: { t?: TestApp; rzp?: RazorpayStandIn } = {};
  beforeAll(async () => {
    started.rzp = await startRazorpay();
    started.t = await createTestApp({ ...started.rzp.env, ...env }, opts);
    await ready({ t: started.t, rzp: started.rzp });
  });
  afterAll(async () => {
    started.rzp?.release();
    await started.t?.close();
    await started.rzp?.close();
  });
}
