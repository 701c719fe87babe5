/// <reference lib="webworker" />
// Parses, validates and measures large tasks/result responses off the main thread (see offload.ts).
import './zod-setup';
import { createOffloadHost, type FromWorker, type ToWorker } from './offload-host';

let keys = 0;
const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${++keys}:${Math.random().toString(36).slice(2)}`);
const post = (message: FromWorker) => self.postMessage(message);

const handle = createOffloadHost(post, newKey);
self.onmessage = (event: MessageEvent<ToWorker>) => handle(event.data);
// Loaded: a stream that lives as long as the connection is routed here only after this (see offload.ts).
post({ type: 'ready' });
