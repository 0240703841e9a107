import { useEffect, useState } from 'react';

/** A value as it was a moment after it last changed: filters typed or dragged are sent once the customer pauses. */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
