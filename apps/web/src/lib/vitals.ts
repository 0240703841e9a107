import { matchPath } from 'react-router';
import { VITAL_ROUTES, type VitalRoute } from '@nirmaan/shared/constants';
import type { VitalsBody } from '@nirmaan/shared/vitals';

type Vital = VitalsBody['metrics'][number];

/** The route table's pattern for a path (labels stay few), or "other". */
export function routePattern(pathname: string): VitalRoute {
  return VITAL_ROUTES.find((pattern) => pattern !== 'other' && matchPath({ path: pattern, caseSensitive: false }, pathname)) ?? 'other';
}

/**
 * Reports this page view's Core Web Vitals (LCP, INP, CLS, TTFB, FCP) to POST /api/vitals in one beacon when
 * the page is hidden. The web-vitals module is loaded lazily, after the page has loaded (docs/api-contract.md).
 */
export function reportWebVitals() {
  const route = routePattern(window.location.pathname);
  const latest = new Map<Vital['name'], Vital>();
  const flush = () => {
    if (latest.size === 0) return;
    const body = JSON.stringify({ metrics: [...latest.values()] } satisfies VitalsBody);
    latest.clear();
    const blob = new Blob([body], { type: 'application/json' });
    if (!navigator.sendBeacon?.('/api/vitals', blob)) {
      void fetch('/api/vitals', { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => undefined);
    }
  };
  void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    const record = (m: { name: Vital['name']; value: number }) => latest.set(m.name, { name: m.name, value: Math.max(0, m.value), route });
    onLCP(record);
    onINP(record);
    onCLS(record);
    onTTFB(record);
    onFCP(record);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
