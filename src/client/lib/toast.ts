// Toasts (sonner) without sonner in a page's first load: a toast waits for the library and for the
// <AppToaster> of components/ui/toaster.tsx, which the app frame loads lazily once the page's first
// load is over or as the first toast is asked for, to listen. A toast lasts 2000 ms (set on the toaster).

type ToastKind = 'success' | 'error';

let markReady: () => void = () => {};
const isToasterListening = new Promise<void>((resolve) => {
  markReady = resolve;
});

let markAsked: () => void = () => {};
const isToastAsked = new Promise<void>((resolve) => {
  markAsked = resolve;
});

/** Resolves when the first toast is asked for: the toaster is wanted now, if it is not there yet. */
export function whenToastAsked(): Promise<void> {
  return isToastAsked;
}

/** Called by the toaster once it listens; toasts asked for before then show now. */
export function markToasterReady() {
  markReady();
}

/**
 * Sonner's `toast`, once the toaster listens: it loaded sonner itself, so this import is answered
 * from the modules already loaded, with a connection or without.
 */
async function whenToaster() {
  await isToasterListening;
  return (await import('sonner')).toast;
}

/** `id` makes a repeat replace the toast already shown instead of stacking a second one. */
type ToastOptions = { id?: string };

function show(kind: ToastKind, message: string, options?: ToastOptions) {
  markAsked();
  void whenToaster().then((sonner) => sonner[kind](message, options));
}

type ToastAction = { label: string; onClick: () => void };

/** An offer the person takes or closes: it stays until then, with its action's button. */
function offer(message: string, action: ToastAction, options?: ToastOptions) {
  markAsked();
  void whenToaster().then((sonner) => sonner(message, { ...options, action, duration: Infinity }));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  offer,
};
