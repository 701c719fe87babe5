import { lazy } from 'react';

export { useToastStore } from './toast-store';
export type { ToastActions } from './Toaster';
/** The toasts' region, loaded after the first paint. */
export const LazyToaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));
