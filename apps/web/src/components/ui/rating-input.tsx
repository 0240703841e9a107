import { useId } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import type { Rating } from '@nirmaan/shared/cart';

const STARS: readonly Rating[] = [1, 2, 3, 4, 5];

/** Star picker over five radio buttons: keyboard and screen readers get plain radios. */
export function RatingInput({ value, onChange }: { value: Rating | 0; onChange: (rating: Rating) => void }) {
  const name = useId();
  return (
    <fieldset className="rating-input">
      <legend className="form-label fs-6 mb-1"><Trans>Rating</Trans></legend>
      <div className="d-inline-flex gap-1">
        {STARS.map((n) => (
          <label key={n} className={`rating-input-star${n <= value ? ' on' : ''}`}>
            <input
              type="radio"
              className="rating-input-radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden"><Plural value={n} one="# star" other="# stars" /></span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
