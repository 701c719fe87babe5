/// <reference lib="webworker" />
// Diffs two results off the main thread: an LCS over thousands of lines takes a while.
import { serveWorker } from '../../lib/timed-worker';
import { compareResultTexts } from './diff';

serveWorker(self, ({ before, after }: { before: string; after: string }) => compareResultTexts(before, after));
