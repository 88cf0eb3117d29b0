// Toasts (sonner) without sonner in a page's first load (issue 14): a toast waits for the library
// and for the <AppToaster> of components/ui/toaster.tsx, which the app frame loads lazily, to
// listen. Spec §9: a toast lasts 2000 ms (set on the toaster).

type ToastKind = 'success' | 'error';

let markReady: () => void = () => {};
const isToasterListening = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the toaster once it listens; toasts asked for before then show now. */
export function markToasterReady() {
  markReady();
}

function show(kind: ToastKind, message: string) {
  void Promise.all([import('sonner'), isToasterListening]).then(([{ toast: sonner }]) => sonner[kind](message));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
