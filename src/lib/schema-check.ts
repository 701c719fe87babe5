import type { SchemaCheck } from './json-schema';
import { timedWorker } from './timed-worker';

/** How long one validation may take before it is abandoned (the schema's patterns are the server's). */
const SCHEMA_TIME_LIMIT_MS = 2000;

export type SchemaVerdict = SchemaCheck | { valid: 'abandoned'; reason: string };

const checker = timedWorker<{ schema: unknown; value: unknown }, SchemaCheck>(
  () => new Worker(new URL('./schema-check.worker.ts', import.meta.url), { type: 'module' }),
);

/** Validates `value` against `schema` in a worker, abandoned past the time limit. */
export async function checkInWorker(schema: unknown, value: unknown): Promise<SchemaVerdict> {
  // Where there are no workers (jsdom in unit tests) the check runs here; the validator is not in the page's bundle.
  if (typeof Worker === 'undefined') return (await import('./json-schema')).checkAgainstSchema(schema, value);
  const answer = await checker.run({ schema, value }, SCHEMA_TIME_LIMIT_MS);
  return answer.done ? answer.value : { valid: 'abandoned', reason: answer.reason };
}
