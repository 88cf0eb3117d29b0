import { useCallback, useEffect, useRef, useState } from 'react';
import { loadAfterFirstLoad } from './pwa/idle';

type Loaded<Component> = { Component: Component; hadFocus: boolean };

/**
 * A control whose code (a Radix menu or select and its positioning) is not in a page's first load:
 * `load` runs once the first load is over (`whenIdleAfterLoad`), or at once when the person reaches
 * for the stand-in the page shows meanwhile (`standInProps`: a press, or the focus). Nothing done to
 * the stand-in is lost: `isWanted` says it was pressed (the control opens as it mounts),
 * `loaded.hadFocus` that it had the focus (the control's own button takes it). Offline, the load
 * fails and the stand-in stays; the next press tries again.
 */
export function useDeferredComponent<Component>(load: () => Promise<Component>) {
  const [loaded, setLoaded] = useState<Loaded<Component> | null>(null);
  const [isWanted, setWanted] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  const loading = useRef<Promise<void> | null>(null);
  const isMounted = useRef(true);
  const loadRef = useRef(load);

  const start = useCallback((): Promise<void> => {
    loading.current ??= loadRef.current().then(
      (Component) => {
        if (!isMounted.current) return;
        const hadFocus = standIn.current !== null && standIn.current === document.activeElement;
        setLoaded({ Component, hadFocus });
      },
      () => {
        loading.current = null;
      },
    );
    return loading.current;
  }, []);

  useEffect(() => {
    isMounted.current = true;
    void loadAfterFirstLoad(start);
    return () => {
      isMounted.current = false;
    };
  }, [start]);

  const press = useCallback(() => {
    setWanted(true);
    void start();
  }, [start]);

  const prepare = useCallback(() => void start(), [start]);
  return { loaded, isWanted, standInProps: { ref: standIn, onClick: press, onPointerDown: prepare, onFocus: prepare } };
}
