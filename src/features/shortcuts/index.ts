import { lazy } from 'react';

export { SHORTCUTS } from './shortcuts';
/** The `?` help, loaded the first time it opens. */
export const LazyShortcutsDialog = lazy(() => import('./ShortcutsDialog').then((m) => ({ default: m.ShortcutsDialog })));
