import { useCallback, useState } from 'react';

/** Which call of a page is under way (null when none), and a way to run one with it set. */
export function useBusy<Call extends string>() {
  const [busy, setBusy] = useState<Call | null>(null);
  const run = useCallback(async (call: Call, work: () => Promise<void>) => {
    setBusy(call);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }, []);
  return [busy, run] as const;
}
