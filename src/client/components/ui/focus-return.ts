import { useRef } from 'react';

/**
 * Gives the focus back to whatever had it when a dialog opened, once it closes. Radix returns it
 * only to its own Trigger, so a dialog opened from state (a row's button, a menu item) would leave
 * a keyboard user at the top of the page. Spread the handlers on the dialog's Content.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected || target === document.body) return; // Radix's own default then
      event.preventDefault();
      target.focus();
    },
  };
}
