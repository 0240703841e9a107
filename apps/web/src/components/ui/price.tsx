import { discountPercent } from '../../lib/format.ts';
import { formatRupees } from '@nirmaan/shared/money';
import { Trans, useLingui } from '@lingui/react/macro';
import { term } from '../../lib/terms.ts';

/** Price with the MRP struck through and the real discount, only when the seller states an MRP. */
export function Price({ price, mrp, unit, size = 'md' }: { price: number; mrp?: number | null; unit?: string; size?: 'md' | 'lg' }) {
  const off = discountPercent(price, mrp ?? null);
  const { i18n, t } = useLingui();
  const mrpText = mrp ? formatRupees(mrp, { wholeRupees: 'short' }) : '';
  return (
    <span className={`price ${size === 'lg' ? 'fs-3' : 'fs-6'}`}>
      <strong>{formatRupees(price, { wholeRupees: 'short' })}</strong>
      {unit ? <span className="text-body-secondary small"> / {term(i18n, unit)}</span> : null}
      {off !== null && mrp ? (
        <>
          {' '}<s className="text-body-secondary small" aria-label={t`MRP ${mrpText}`}>{formatRupees(mrp, { wholeRupees: 'short' })}</s>
          {' '}<span className="badge text-bg-success"><Trans>{off}% OFF</Trans></span>
        </>
      ) : null}
    </span>
  );
}
