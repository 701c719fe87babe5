import {} from 'react';
import { lazyNamed } from '../../components/lazy-named';

export { useToastStore } from './toast-store';
export type { ToastActions } from './Toaster';
/** The toasts' region, loaded after the first paint. */
export const LazyToaster = lazyNamed(() => import('./Toaster'), 'Toaster');
