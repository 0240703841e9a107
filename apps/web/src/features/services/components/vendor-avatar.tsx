import { useState } from 'react';

/**
 * Profile image, or a circle with the business name's first letter (also when the image fails to load).
 * In cards the name sits beside it, so it is decorative there.
 */
export function VendorAvatar({ name, image, size }: { name: string; image: string | null; size: 'md' | 'xl' }) {
  const [failed, setFailed] = useState<string | null>(null);
  const px = size === 'xl' ? 128 : 64;
  if (image && failed !== image) {
    return (
      <img
        src={image}
        alt={size === 'xl' ? name : ''}
        width={px}
        height={px}
        loading={size === 'xl' ? 'eager' : 'lazy'}
        onError={() => setFailed(image)}
        className={`rounded-circle object-fit-cover flex-shrink-0 vendor-avatar vendor-avatar-${size}`}
      />
    );
  }
  return (
    <span
      className={`initial-avatar initial-avatar-${size} flex-shrink-0`}
      {...(size === 'xl' ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true })}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
