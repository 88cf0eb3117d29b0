/** Resolves once a service worker controls this page (at once if one does); never without one. */
export function whenControlledByWorker(): Promise<void> {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  if (!container) return new Promise(() => {});
  if (container.controller) return Promise.resolve();
  return new Promise((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));
}
