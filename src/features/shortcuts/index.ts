import { lazy } from 'react';

/** The `?` help, loaded the first time it opens. */
export const LazyShortcutsDialog = lazy(() => import('./ShortcutsDialog').then((m) => ({ default: m.ShortcutsDialog })));
