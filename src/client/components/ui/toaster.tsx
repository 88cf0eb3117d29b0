import { useEffect, type ComponentProps } from 'react';
import { Toaster } from 'sonner';
import { markToasterReady } from '@/client/lib/toast';

// Toasts last 2000 ms.
const TOAST_MS = 2000;

/** The app's one toaster (loaded lazily by the app frame; `toast` in lib/toast.ts waits for it). */
export function AppToaster({ theme }: { theme: ComponentProps<typeof Toaster>['theme'] }) {
  // The Toaster below subscribed in its own effect, which runs before this one.
  useEffect(() => markToasterReady(), []);
  return <Toaster richColors position="top-center" duration={TOAST_MS} closeButton theme={theme} />;
}
