import {} from 'react';
import './input-request.css';
import { lazyNamed } from '../../components/lazy-named';

/** Shown only while a task asks for input: loaded after the first paint. */
export const LazyInputRequestPanel = lazyNamed(() => import('./InputRequestPanel'), 'InputRequestPanel');
