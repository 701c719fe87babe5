import { timedWorker } from '../../lib/timed-worker';
import type { FetchedResult } from '../../tasks/result';
import { compareResultTexts, type CompareAnswer } from './diff';

/** How long a diff may take before it is given up on. */
const COMPARE_LIMIT_MS = 30_000;
/** Results larger than this (JSON characters) are not compared. */
const MAX_COMPARED_JSON = 20 * 1024 * 1024;

const worker = timedWorker<{ before: string; after: string }, CompareAnswer | { error: string }>(
  () => new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' }),
);

function jsonOf(result: FetchedResult): string {
  // A large result is held as its JSON text: used as it is, never parsed here.
  if (typeof result.text === 'string') return result.text;
  try {
    return JSON.stringify(result.raw) ?? 'null';
  } catch {
    return 'null';
  }
}

/** Both diffs of two held results, worked out in a worker (here where there is none). */
export async function compareResults(before: FetchedResult, after: FetchedResult): Promise<CompareAnswer | { error: string }> {
  const a = jsonOf(before);
  const b = jsonOf(after);
  if (a.length > MAX_COMPARED_JSON || b.length > MAX_COMPARED_JSON)
    return { error: `A result is larger than ${MAX_COMPARED_JSON / 1024 / 1024} MB: too large to compare here.` };
  if (typeof Worker === 'undefined') return compareResultTexts(a, b);
  const answer = await worker.run({ before: a, after: b }, COMPARE_LIMIT_MS);
  return answer.done ? answer.value : { error: `The comparison was given up: ${answer.reason}.` };
}
