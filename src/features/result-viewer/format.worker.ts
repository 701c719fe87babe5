import { messageOf } from '../../lib/errors';

/// <reference lib="webworker" />
// Pretty-prints large JSON off the main thread: a value, or JSON text (parsed here, so the main thread never is).
self.onmessage = (event: MessageEvent<{ id: number; value?: unknown; text?: string }>) => {
  const { id, value, text } = event.data;
  try {
    self.postMessage({ id, text: JSON.stringify(text !== undefined ? JSON.parse(text) : value, null, 2) });
  } catch (error) {
    self.postMessage({ id, error: messageOf(error) });
  }
};
