/**
 * BENCH_HEAP=1 in the long day: a heap snapshot (after a full collection) at both ends, and the constructors whose
 * retained self size grew most between them. What a heap investigation of the long day starts from.
 */
import type { CDPSession } from '@playwright/test';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size and count per constructor (by node type and name) of a heap snapshot taken now. */
export async function heapByConstructor(cdp: CDPSession): Promise<Map<string, { size: number; count: number }>> {
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(chunks.join('')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const out = new Map<string, { size: number; count: number }>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt] ?? 0] ?? '?';
    let name =
      type === 'object' || type === 'closure' || type === 'native' ? (snap.strings[snap.nodes[i + nameAt] ?? 0] ?? '?') : `(${type})`;
    if (name.length > 60) name = name.slice(0, 60);
    const key = `${type}:${name}`;
    const row = out.get(key) ?? { size: 0, count: 0 };
    row.size += snap.nodes[i + sizeAt] ?? 0;
    row.count += 1;
    out.set(key, row);
  }
  return out;
}

/** The constructors that grew most from `a` to `b`, as printable lines. */
export function heapGrowth(a: Map<string, { size: number; count: number }>, b: Map<string, { size: number; count: number }>, top = 30) {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys]
    .map((k) => {
      const x = a.get(k) ?? { size: 0, count: 0 };
      const y = b.get(k) ?? { size: 0, count: 0 };
      return { k, dSize: y.size - x.size, dCount: y.count - x.count, size: y.size };
    })
    .sort((p, q) => q.dSize - p.dSize)
    .slice(0, top)
    .map(
      (r) =>
        `${(r.dSize / 1024).toFixed(0).padStart(8)} KB  ${String(r.dCount).padStart(8)} ×  ${r.k}  (now ${(r.size / 1024).toFixed(0)} KB)`,
    );
}

/** KB of a snapshot's objects that are the page's data: neither compiled code nor the browser's native objects. */
export const dataKb = (heap: Map<string, { size: number; count: number }>) =>
  [...heap].reduce((sum, [key, row]) => (key.startsWith('code:') || key.startsWith('native:') ? sum : sum + row.size), 0) / 1024;
