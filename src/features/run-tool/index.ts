import {} from 'react';
import './run-tool.css';
import { lazyNamed } from '../../components/lazy-named';
export { prefillRun, runToolStore } from './run-tool-store';

/** The form (with the schema-driven fields), loaded after the first paint: the panel starts closed. */
export const LazyRunToolPanel = lazyNamed(() => import('./RunToolPanel'), 'RunToolPanel');
