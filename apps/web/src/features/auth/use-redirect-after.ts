import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** Goes to `to` after `ms` (the time to read a success toast); cancelled if the page goes away first. */
export function useRedirectAfter(ms: number) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback((to: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(to), ms);
  }, [navigate, ms]);
}
