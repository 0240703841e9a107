import { useState } from 'react';

/**
 * A chat party's picture, or a circle with their name's first letter (also when the picture fails to load).
 * Decorative: the name is always written beside it.
 */
export function PartyAvatar({ name, image }: { name: string; image: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (image && failed !== image) {
    return (
      <img src={image} alt="" width={48} height={48} loading="lazy" onError={() => setFailed(image)} className="rounded-circle object-fit-cover flex-shrink-0 chat-avatar" />
    );
  }
  return <span className="initial-avatar initial-avatar-sm flex-shrink-0" aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>;
}
