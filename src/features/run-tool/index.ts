import { lazy } from 'react';
import './run-tool.css';
export { prefillRun, runToolStore } from './run-tool-store';

/** The form (with the schema-driven fields), loaded after the first paint: the panel starts closed. */
export const LazyRunToolPanel = lazy(() => import('./RunToolPanel').then((m) => ({ default: m.RunToolPanel })));
