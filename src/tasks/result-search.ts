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
/**
 * The search-text cache's bounds: this many texts, and this many characters in all (a text is at most 1,000,000
 * characters, search-text.ts). Past them the least recently used go first, but never one the running search has used.
 */
export const CACHE_ENTRIES = 5_000;
export const CACHE_CHARS = 16_000_000;
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

interface CachedText {
  text: Promise<string | undefined>;
  /** Its length once made (0 before). */
  chars: number;
  /** The search that used it last. */
  round: number;
}

/**
 * Least recently used first: a hit moves its entry to the end. When a search holds more than the bounds allow, the
 * texts it made last are not kept, so the next search still finds the first ones (an LRU alone would evict each
 * text just before it is needed again, and miss on every one).
 */
const cache = new Map<string, CachedText>();
let cachedChars = 0;
let searchRound = 0;

function overBounds(): boolean {
  return cache.size > CACHE_ENTRIES || cachedChars > CACHE_CHARS;
}

function drop(key: string): void {
  const entry = cache.get(key);
  if (!entry) return;
  cache.delete(key);
  cachedChars -= entry.chars;
}

function trim(round: number, newest: string): void {
  for (const [key, entry] of cache) {
    if (!overBounds()) return;
    // Entries are in order of use, so once one of this search's is reached, every later one is this search's too.
    if (entry.round === round) break;
    drop(key);
  }
  if (overBounds()) drop(newest);
}

function remember(key: string, round: number, text: Promise<string | undefined>): Promise<string | undefined> {
  const entry: CachedText = { text, chars: 0, round };
  cache.set(key, entry);
  text.then(
    (made) => {
      if (cache.get(key) !== entry) return;
      entry.chars = made?.length ?? 0;
      cachedChars += entry.chars;
      // A text of a search that a newer one replaced (a new term typed) evicts nothing the newer search may need: if
      // it does not fit, it goes itself.
      if (entry.round === searchRound) trim(searchRound, key);
      else if (overBounds()) drop(key);
    },
    () => drop(key),
  );
  if (cache.size > CACHE_ENTRIES) trim(round, key);
  return text;
}

/** Forgets this server's texts for results it no longer holds in that version. */
function forgetStale(serverUrl: string, refs: readonly HeldResultRef[]): void {
  const prefix = `${serverUrl}\n`;
  const held = new Set(refs.map((ref) => cacheKey(serverUrl, ref)));
  for (const key of [...cache.keys()]) if (key.startsWith(prefix) && !held.has(key)) drop(key);
}

function cacheKey(serverUrl: string, ref: HeldResultRef): string {
  return `${serverUrl}\n${ref.taskId}\n${ref.fetchedAt}`;
}

/** What the search-text cache holds now (for tests and the bench). */
export function searchTextCacheSize(): { entries: number; chars: number } {
  return { entries: cache.size, chars: cachedChars };
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
function searchTextOf(serverUrl: string, ref: HeldResultRef, round: number): Promise<string | undefined> {
  const key = cacheKey(serverUrl, ref);
  const known = cache.get(key);
  if (known) {
    cache.delete(key);
    cache.set(key, known);
    known.round = round;
    return known.text;
  }
  return remember(
    key,
    round,
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
    const round = ++searchRound;
    const refs = await heldResultRefs(queryClient, serverUrl);
    forgetStale(serverUrl, refs);
    for (const ref of refs) {
      if (cancelled()) return matched;
      const text = await searchTextOf(serverUrl, ref, round);
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
