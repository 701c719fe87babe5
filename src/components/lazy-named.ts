import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// React's own `lazy` takes any component type; props are checked where the component is used.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * `lazy` for a component that its module exports by name: `lazyNamed(() => import('./Panel'), 'Panel')`. The
 * import stays at the call site, so the bundler still splits the module off into its own chunk.
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
