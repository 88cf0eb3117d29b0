import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a module's named export: `lazyPage(() => import('./browse-page'), 'BrowsePage')`.
 * The module is fetched the first time the component renders; a `<Suspense>` above it (the
 * layout's, see `AnimatedMain`) shows the loading state meanwhile.
 */
export function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  type Props = Module[Name] extends ComponentType<infer P> ? P : never;
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType<Props> };
  });
}
