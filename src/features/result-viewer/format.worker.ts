/// <reference lib="webworker" />
// Pretty-prints large JSON off the main thread.
self.onmessage = (event: MessageEvent<{ id: number; value: unknown }>) => {
  const { id, value } = event.data;
  try {
    self.postMessage({ id, text: JSON.stringify(value, null, 2) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
