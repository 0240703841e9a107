import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

/** An address section's heading with its Locate Me button (useLocateMe runs it). */
export function AddressHeading({ id, children, locating, onLocate }: { id: string; children: ReactNode; locating: boolean; onLocate: () => void }) {
  const { t } = useLingui();
  return (
    <div className="d-flex justify-content-between align-items-center mb-2">
      <h2 id={id} className="h6 mb-0">{children}</h2>
      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onLocate} disabled={locating}>
        {locating ? t`Locating...` : t`Locate Me`}
      </button>
    </div>
  );
}
