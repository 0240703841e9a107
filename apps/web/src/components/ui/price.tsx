import { discountPercent } from '../../lib/format.ts';
import { formatRupees } from '@nirmaan/shared/money';

/** Price with the MRP struck through and the real discount, only when the seller states an MRP. */
export function Price({ price, mrp, unit, size = 'md' }: { price: number; mrp?: number | null; unit?: string; size?: 'md' | 'lg' }) {
  const off = discountPercent(price, mrp ?? null);
  return (
    <span className={`price ${size === 'lg' ? 'fs-3' : 'fs-6'}`}>
      <strong>{formatRupees(price, { wholeRupees: 'short' })}</strong>
      {unit ? <span className="text-body-secondary small"> / {unit}</span> : null}
      {off !== null && mrp ? (
        <>
          {' '}<s className="text-body-secondary small" aria-label={`MRP ${formatRupees(mrp, { wholeRupees: 'short' })}`}>{formatRupees(mrp, { wholeRupees: 'short' })}</s>
          {' '}<span className="badge text-bg-success">{off}% OFF</span>
        </>
      ) : null}
    </span>
  );
}
