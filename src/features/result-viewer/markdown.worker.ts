/// <reference lib="webworker" />
// Parses markdown off the main thread: a hostile text can take the parser seconds, and the page must not wait.
import { serveWorker } from '../../lib/timed-worker';
import { markdownTree, type MarkdownTree } from './markdown-tree';
import { messageOf } from '../../lib/errors';

serveWorker(self, (text: string): MarkdownTree => {
  try {
    return markdownTree(text);
  } catch (error) {
    return { ok: false, reason: messageOf(error) };
  }
});
