import {} from 'react';
import { lazyNamed } from '../../components/lazy-named';

/** The `?` help, loaded the first time it opens. */
export const LazyShortcutsDialog = lazyNamed(() => import('./ShortcutsDialog'), 'ShortcutsDialog');
