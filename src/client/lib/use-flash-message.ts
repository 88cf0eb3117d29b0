import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that clears itself `ms` after it was last shown (3 s for the account page's). */
export function useFlashMessage<T = string>(ms: number) {
  const [message, setMessage] = useState<T | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback(
    (next: T) => {
      window.clearTimeout(timer.current);
      setMessage(next);
      timer.current = window.setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return { message, show, clear };
}
