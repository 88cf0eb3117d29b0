import { lazy, Suspense, type ComponentProps } from 'react';
import { useIsHydrated } from '@/client/lib/hydration';
import { ExportButton } from './export-button';
import type { ExportMenu as ExportMenuType } from './export-menu';

// The menu (Radix DropdownMenu and its positioning) loads just after the page, not with it, so a
// list's page stays within its first-load budget; its Export button holds the place meanwhile.
const LazyExportMenu = lazy(async () => ({ default: (await import('./export-menu')).ExportMenu }));

/** `ExportMenu` for a page's first load; a server-rendered page keeps the stand-in until hydrated. */
export function DeferredExportMenu(props: ComponentProps<typeof ExportMenuType>) {
  const isHydrated = useIsHydrated();
  const standIn = <ExportButton aria-expanded={false} />;
  if (!isHydrated) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LazyExportMenu {...props} />
    </Suspense>
  );
}
