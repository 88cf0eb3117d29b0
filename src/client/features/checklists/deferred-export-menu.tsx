import type { ComponentProps } from 'react';
import { useDeferredComponent } from '@/client/lib/use-deferred-component';
import { ExportButton } from './export-button';
import type { ExportMenu as ExportMenuType } from './export-menu';

type ExportMenuProps = ComponentProps<typeof ExportMenuType>;

const loadExportMenu = async () => (await import('./export-menu')).ExportMenu;

/**
 * `ExportMenu` for a page's first load: the menu (Radix DropdownMenu and its positioning) loads
 * once the page's first load is over, or as its button is pressed or focused, not with the page, so a
 * list's page stays within its first-load budget. Its Export button holds the place meanwhile, the
 * same element from the server's HTML through hydration, and nothing done to it is lost: pressed,
 * the menu opens once it has loaded; focused, the menu's button takes the focus.
 */
export function DeferredExportMenu(props: Omit<ExportMenuProps, 'openAtOnce' | 'focusAtOnce'>) {
  const { loaded, isWanted, standInProps } = useDeferredComponent(loadExportMenu);
  if (!loaded) return <ExportButton {...standInProps} aria-expanded={false} />;
  return <loaded.Component {...props} openAtOnce={isWanted} focusAtOnce={loaded.hadFocus} />;
}
