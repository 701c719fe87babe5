/**
 * Searching inside results: each result's searchable text (search-text.ts) is made once per result version (the
 * task and when the result was fetched) and cached; a large result's is made in a worker, so typing in the filter
 * never blocks the page. The tasks whose result holds the term are published in `resultSearchStore`.
 */
import { createStore } from 'zustand/vanilla';
import type { QueryClient } from '@tanstack/react-query';
import { timedWorker } from '../lib/timed-worker';
import { heldResultRefs, type HeldResultRef } from './held-results';
import type { FetchedResult } from './result';
import { searchableText, searchableTextOfJson } from './search-text';

/** A result whose JSON text is longer than this is made searchable in a worker. */
export const WORKER_THRESHOLD_CHARS = 256 * 1024;
/** How long the worker may take over one result before that result is left unsearched. */
const WORKER_LIMIT_MS = 30_000;
/** Searchable texts cached at most (the oldest go first). */
const CACHE_ENTRIES = 300;
/** Search terms shorter than this do not look inside results (one letter matches nearly everything). */
const MIN_RESULT_TERM = 2;

interface ResultSearchState {
  serverUrl: string;
  /** The lower-cased term `matched` answers. */
  term: string;
  matched: ReadonlySet<string>;
  /** Results that could not be searched (their worker failed or ran out of time). */
  unsearched: number;
}

export const resultSearchStore = createStore<ResultSearchState>()(() => ({
  serverUrl: '',
  term: '',
  matched: new Set<string>(),
  unsearched: 0,
}));

const searcher = timedWorker<{ text: string }, string>(
  () => new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' }),
);

const cache = new Map<string, Promise<string | undefined>>();

function remember(key: string, value: Promise<string | undefined>): Promise<string | undefined> {
  cache.set(key, value);
  while (cache.size > CACHE_ENTRIES) {
    const oldest = cache.keys().next();
    if (oldest.done) break;
    cache.delete(oldest.value);
  }
  return value;
}

/** Where a result's searchable text is made: in a worker for a large text-backed one, here otherwise. */
export function searchPlace(result: FetchedResult): 'worker' | 'here' {
  return typeof result.text === 'string' && result.text.length > WORKER_THRESHOLD_CHARS && typeof Worker !== 'undefined'
    ? 'worker'
    : 'here';
}

/** A result's searchable text (undefined when it could not be made). */
function textOf(result: FetchedResult): Promise<string | undefined> {
  const text = result.text;
  if (typeof text === 'string') {
    if (searchPlace(result) === 'worker')
      return searcher.run({ text }, WORKER_LIMIT_MS).then((answer) => (answer.done ? answer.value : undefined));
    return Promise.resolve(searchableTextOfJson(text));
  }
  return Promise.resolve(searchableText(result.raw));
}

/**
 * A held result's searchable text, cached per task and result version: a kept result that is not in memory is
 * read from the store only when its text is not cached.
 */
function searchTextOf(serverUrl: string, ref: HeldResultRef): Promise<string | undefined> {
  const key = `${serverUrl}\n${ref.taskId}\n${ref.fetchedAt}`;
  const known = cache.get(key);
  if (known) return known;
  return remember(
    key,
    ref.load().then(
      (result) => (result ? textOf(result) : undefined),
      () => undefined,
    ),
  );
}

/**
 * Searches every held result of the server for `term` and publishes the matches, unless `cancelled()` turns true
 * meanwhile (a newer term). Resolves to the matches.
 */
export async function searchResults(
  queryClient: QueryClient,
  serverUrl: string,
  query: string,
  cancelled: () => boolean = () => false,
): Promise<ReadonlySet<string>> {
  const term = query.trim().toLowerCase();
  const matched = new Set<string>();
  let unsearched = 0;
  if (term.length >= MIN_RESULT_TERM) {
    for (const ref of await heldResultRefs(queryClient, serverUrl)) {
      if (cancelled()) return matched;
      const text = await searchTextOf(serverUrl, ref);
      if (cancelled()) return matched;
      if (text === undefined) unsearched++;
      else if (text.includes(term)) matched.add(ref.taskId);
    }
  }
  if (!cancelled()) resultSearchStore.setState({ serverUrl, term, matched, unsearched });
  return matched;
}

/** The tasks matched inside their result for this server and term, or undefined while the search has not answered. */
export function resultMatchesFor(state: ResultSearchState, serverUrl: string, query: string): ReadonlySet<string> | undefined {
  return state.serverUrl === serverUrl && state.term === query.trim().toLowerCase() ? state.matched : undefined;
}
