/**
 * The results this page has for a server: those in memory (result queries) and those kept in IndexedDB that are not
 * in memory (never loaded since the page opened, or let go by result-residency.ts). Readers that need every result
 * (search, compare, export) go through here; a result shown on screen is read back into its query (`readBackResult`).
 */
import type { QueryClient } from '@tanstack/react-query';
import { mcpKeys } from './keys';
import { parseTaskResult, summariseResult, TextBackedResult, type FetchedResult } from './result';
import { keptResultOf, keptResults, type KeptResult } from './result-store';

/** A kept record as a result: a large one's text read from its Blob (one read; undefined when it cannot be read). */
export async function resultOfKept(record: KeptResult): Promise<FetchedResult | undefined> {
  let text = record.text;
  if (record.textBlob) {
    try {
      text = await record.textBlob.text();
    } catch {
      return undefined;
    }
  }
  if (text !== undefined) {
    const summary = record.summary ?? summariseResult(parseTaskResult(JSON.parse(text)));
    return new TextBackedResult(record.taskId, text, summary, record.fetchedAt, record.size, { fromStore: true });
  }
  return {
    taskId: record.taskId,
    raw: record.raw,
    parsed: parseTaskResult(record.raw),
    fetchedAt: record.fetchedAt,
    size: record.size,
    fromStore: true,
  };
}

const keptSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The tasks whose result this browser keeps for the server, or undefined while the page has not loaded that list. */
function loadedKeptIds(queryClient: QueryClient, serverUrl: string): ReadonlySet<string> | undefined {
  const ids = queryClient.getQueryData<string[]>(mcpKeys.kept(serverUrl));
  if (!ids) return undefined;
  let set = keptSets.get(ids);
  if (!set) {
    set = new Set(ids);
    keptSets.set(ids, set);
  }
  return set;
}

const NONE: ReadonlySet<string> = new Set();

/** The tasks whose result this browser keeps for the server, as far as the page has loaded that list. */
export function keptIdSet(queryClient: QueryClient, serverUrl: string): ReadonlySet<string> {
  return loadedKeptIds(queryClient, serverUrl) ?? NONE;
}

/** The results in memory for a server. */
function residentResults(queryClient: QueryClient, serverUrl: string): FetchedResult[] {
  const out: FetchedResult[] = [];
  for (const [, data] of queryClient.getQueriesData<FetchedResult>({ queryKey: [...mcpKeys.server(serverUrl), 'result'] }))
    if (data && typeof data.taskId === 'string') out.push(data);
  return out;
}

/** A result's identity and version, with the result itself read only when asked for. */
export interface HeldResultRef {
  taskId: string;
  fetchedAt: number;
  load(): Promise<FetchedResult | undefined>;
}

/**
 * Per server, the version (fetchedAt) of each kept result that is not in memory, as last read from the store or
 * noted when it was let go: a search over a long day's results does not read every record to learn what it has.
 */
const storedVersions = new Map<string, Map<string, number>>();

/** A result let go from memory (result-residency.ts): it is in the store, at this version. */
export function noteLetGo(serverUrl: string, taskId: string, fetchedAt: number): void {
  let versions = storedVersions.get(serverUrl);
  if (!versions) storedVersions.set(serverUrl, (versions = new Map<string, number>()));
  versions.set(taskId, fetchedAt);
}

/**
 * Every result the page has for the server: the ones in memory, then the kept ones that are not. A result's text is
 * read only by `load`; the list of kept records is read from the store only when the page does not know the version
 * of one of them (kept in an earlier page). A store that cannot be read leaves only the ones in memory.
 */
export async function heldResultRefs(queryClient: QueryClient, serverUrl: string): Promise<HeldResultRef[]> {
  const resident = residentResults(queryClient, serverUrl);
  const refs: HeldResultRef[] = resident.map((r) => ({ taskId: r.taskId, fetchedAt: r.fetchedAt, load: () => Promise.resolve(r) }));
  const kept = keptIdSet(queryClient, serverUrl);
  if (kept.size === 0) return refs;
  const inMemory = new Set(resident.map((r) => r.taskId));
  const versions = storedVersions.get(serverUrl);
  const stored = [...kept].filter((id) => !inMemory.has(id));
  if (versions && stored.every((id) => versions.has(id))) {
    for (const taskId of stored) {
      const fetchedAt = versions.get(taskId) ?? 0;
      refs.push({ taskId, fetchedAt, load: () => heldResultOf(queryClient, serverUrl, taskId) });
    }
    return refs;
  }
  const records = await keptResults(serverUrl).catch(() => []);
  const known = new Map<string, number>();
  for (const record of records) {
    known.set(record.taskId, record.fetchedAt);
    if (inMemory.has(record.taskId)) continue;
    refs.push({ taskId: record.taskId, fetchedAt: record.fetchedAt, load: () => resultOfKept(record) });
  }
  storedVersions.set(serverUrl, known);
  return refs;
}

/** Every result the page has for the server, read (export). */
export async function heldResults(queryClient: QueryClient, serverUrl: string): Promise<FetchedResult[]> {
  const out: FetchedResult[] = [];
  for (const ref of await heldResultRefs(queryClient, serverUrl)) {
    const result = await ref.load();
    if (result) out.push(result);
  }
  return out;
}

/** The tasks with a result in this page for the server: in memory or kept. */
export function heldResultIds(queryClient: QueryClient, serverUrl: string): string[] {
  const ids = new Set(residentResults(queryClient, serverUrl).map((r) => r.taskId));
  for (const id of keptIdSet(queryClient, serverUrl)) ids.add(id);
  return [...ids];
}

/** One task's result: from memory, else read from the kept store (not put back into memory). */
export async function heldResultOf(queryClient: QueryClient, serverUrl: string, taskId: string): Promise<FetchedResult | undefined> {
  const resident = queryClient.getQueryData<FetchedResult>(mcpKeys.result(serverUrl, taskId));
  if (resident) return resident;
  const record = await keptResultOf(serverUrl, taskId);
  return record && resultOfKept(record);
}

const readingBack = new Map<string, Promise<boolean>>();

/**
 * Puts a kept result back into its query (a result shown again after it was let go, or kept in an earlier page),
 * unless the query was filled meanwhile. One read per task at a time. Resolves to whether the query now holds a
 * result (false: the store no longer has it); rejects when the store cannot be read.
 */
export function readBackResult(queryClient: QueryClient, serverUrl: string, taskId: string): Promise<boolean> {
  const id = `${serverUrl}\n${taskId}`;
  const pending = readingBack.get(id);
  if (pending) return pending;
  const key = mcpKeys.result(serverUrl, taskId);
  const read = (async () => {
    const record = await keptResultOf(serverUrl, taskId);
    const result = record && (await resultOfKept(record));
    // Forgotten while it was being read (Forget, Delete all kept, Forget task): the kept list no longer names it, and
    // it is not brought back.
    const kept = loadedKeptIds(queryClient, serverUrl);
    const forgotten = kept !== undefined && !kept.has(taskId);
    if (result && !forgotten && queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, result);
    return queryClient.getQueryData(key) !== undefined;
  })().finally(() => readingBack.delete(id));
  readingBack.set(id, read);
  return read;
}
