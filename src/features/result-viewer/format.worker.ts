/// <reference lib="webworker" />
// Pretty-prints large JSON off the main thread: a value, or JSON text (parsed here, so the main thread never is).
import { messageOf } from '../../lib/errors';
import { serveWorker } from '../../lib/timed-worker';
import type { Formatted } from './use-formatted-json';

serveWorker(self, ({ value, text }: { value?: unknown; text?: string }): Formatted => {
  try {
    return { text: JSON.stringify(text !== undefined ? JSON.parse(text) : value, null, 2) };
  } catch (error) {
    return { error: messageOf(error) };
  }
});
