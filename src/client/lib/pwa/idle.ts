/**
 * Resolves once the page has loaded and the browser is idle: work that no first paint needs (the
 * service worker, lists fetched ahead) waits for it, so it never joins a page's critical path.
 */
export function whenIdleAfterLoad(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 5_000 });
        else setTimeout(resolve, 1_000);
      }),
  );
}
