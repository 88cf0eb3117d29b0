import { createElement, lazy, type ComponentType } from 'react';

/** A lazily loaded screen that can also be loaded ahead of its first render. */
export type LazyPage<Props> = ComponentType<Props> & { preload: () => Promise<void> };

/**
 * `React.lazy` for a module's named export: `lazyPage(() => import('./browse-page'), 'BrowsePage')`.
 * The module is fetched the first time the component renders; a `<Suspense>` above it (the
 * layout's, see `AnimatedMain`) shows the loading state meanwhile.
 *
 * `preload()` fetches it ahead; once loaded, the screen renders at once, without suspending. A
 * server-rendered page is hydrated only after its screens are loaded (main.tsx, decision 025):
 * a screen that suspended while hydrating would leave the server's HTML to a later pass, and any
 * update above it meanwhile would replace it with the loading state.
 */
export function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  type Props = Module[Name] extends ComponentType<infer P> ? P : never;
  let loaded: ComponentType<Props> | undefined;
  const preload = async () => {
    loaded ??= (await load())[name] as ComponentType<Props>;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Page(props: Props) {
    return createElement((loaded ?? Lazy) as ComponentType<object>, props as object);
  }
  return Object.assign(Page, { preload }) as LazyPage<Props>;
}
