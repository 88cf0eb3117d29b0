import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { ExportButton } from './export-button';
import type { ExportMenu as ExportMenuType } from './export-menu';

type ExportMenuProps = ComponentProps<typeof ExportMenuType>;
type Loaded = { Menu: typeof ExportMenuType; hadFocus: boolean };

/**
 * `ExportMenu` for a page's first load: the menu (Radix DropdownMenu and its positioning) loads
 * just after the page, not with it, so a list's page stays within its first-load budget. Its Export
 * button holds the place meanwhile, the same element from the server's HTML through hydration, and
 * nothing done to it is lost: pressed, the menu opens once it has loaded; focused, the menu's button
 * takes the focus.
 */
export function DeferredExportMenu(props: Omit<ExportMenuProps, 'openAtOnce' | 'focusAtOnce'>) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [isWanted, setWanted] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let isMounted = true;
    import('./export-menu')
      .then(({ ExportMenu }) => {
        if (!isMounted) return;
        const hadFocus = standIn.current !== null && standIn.current === document.activeElement;
        setLoaded({ Menu: ExportMenu, hadFocus });
      })
      // Offline: the button stays, and the page works without its menu.
      .catch(() => {});
    return () => {
      isMounted = false;
    };
  }, []);

  if (!loaded) return <ExportButton ref={standIn} aria-expanded={false} onClick={() => setWanted(true)} />;
  return <loaded.Menu {...props} openAtOnce={isWanted} focusAtOnce={loaded.hadFocus} />;
}
