import { lazy } from 'react';
import './input-request.css';

/** Shown only while a task asks for input: loaded after the first paint. */
export const LazyInputRequestPanel = lazy(() => import('./InputRequestPanel').then((m) => ({ default: m.InputRequestPanel })));
