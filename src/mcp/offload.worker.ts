/// <reference lib="webworker" />
// Parses, validates and measures large tasks/result responses off the main thread (see offload.ts).
import './zod-setup';
import { createOffloadParser, type ParserOutput } from './offload-parser';
import type { ToWorker } from './offload';

const streams = new Map<number, ReturnType<typeof createOffloadParser>>();
let keys = 0;
const newKey = (stream: number) => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${stream}:${++keys}:${Math.random().toString(36).slice(2)}`);

const post = (stream: number, output: ParserOutput | { type: 'done' } | { type: 'error'; message: string }) => self.postMessage({ stream, ...output });

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  try {
    switch (message.type) {
      case 'start': {
        const expected = new Set(message.expect);
        streams.set(
          message.stream,
          createOffloadParser({
            mode: message.mode,
            threshold: message.threshold,
            expects: (id) => expected.has(id),
            nextKey: () => newKey(message.stream),
            emit: (output) => {
              if (output.type === 'offloaded') expected.delete(output.payload.id);
              post(message.stream, output);
            },
          }),
        );
        break;
      }
      case 'chunk':
        streams.get(message.stream)?.push(message.bytes);
        break;
      case 'end':
        streams.get(message.stream)?.end();
        streams.delete(message.stream);
        post(message.stream, { type: 'done' });
        break;
      case 'cancel':
        streams.delete(message.stream);
        break;
    }
  } catch (error) {
    if ('stream' in message) {
      streams.delete(message.stream);
      post(message.stream, { type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }
};
