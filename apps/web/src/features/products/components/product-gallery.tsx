import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { term } from '../../../lib/terms.ts';

/** Main image with thumbnail buttons; remount (key) it per product so the selection starts at the first image. */
export function ProductGallery({ images, name, category }: { images: readonly string[]; name: string; category: string }) {
  const [active, setActive] = useState(0);
  const current = images[active] ?? images[0];
  const { i18n, t } = useLingui();
  const shown = active + 1;
  const count = images.length;
  return (
    <div className="product-gallery">
      <div className="ratio ratio-4x3 product-gallery-main">
        {current ? (
          <img
            src={current}
            alt={images.length > 1 ? t`${name}, image ${shown} of ${count}` : name}
            className="object-fit-contain"
            // The page's largest picture: fetched ahead of the page's scripts (React preloads it with this priority).
            fetchPriority="high"
            width="640"
            height="480"
          />
        ) : (
          <div className="catalogue-placeholder" role="img" aria-label={t`No image of ${name}`}>{term(i18n, category)}</div>
        )}
      </div>
      {images.length > 1 ? (
        <div className="d-flex flex-wrap gap-2 mt-2" role="group" aria-label={t`Product images`}>
          {images.map((src, i) => (
            <button
              key={src + i}
              type="button"
              className={`product-thumb${i === active ? ' active' : ''}`}
              aria-label={t`Show image ${i + 1} of ${count}`}
              aria-pressed={i === active}
              onClick={() => setActive(i)}
            >
              <img src={src} alt="" loading="lazy" width="72" height="72" className="object-fit-cover" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
