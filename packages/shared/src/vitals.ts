import { z } from 'zod';
import { VITAL_NAMES, VITAL_ROUTES } from './constants.ts';

/**
 * Field measurement: the web app reports Core Web Vitals per route to POST /api/vitals (one beacon per page
 * view). Routes are the route table's patterns, so the metrics' labels stay few.
 */
export const ZVital = z.object({
  name: z.enum(VITAL_NAMES),
  /** Milliseconds for LCP, INP, TTFB and FCP; unitless for CLS. */
  value: z.number().min(0).max(600_000),
  route: z.enum(VITAL_ROUTES),
});
export const ZVitalsBody = z.object({ metrics: z.array(ZVital).min(1).max(20) });
export type VitalsBody = z.infer<typeof ZVitalsBody>;
