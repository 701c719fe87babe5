/// <reference lib="webworker" />
// Turns a large result's JSON text into its searchable text off the main thread (parsing megabytes blocks a tab).
import { serveWorker } from '../lib/timed-worker';
import { searchableTextOfJson } from './search-text';

serveWorker(self, ({ text }: { text: string }): string => searchableTextOfJson(text));
