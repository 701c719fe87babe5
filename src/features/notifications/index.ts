export { useToastStore } from './toast-store';
export type { ToastActions } from './Toaster';
