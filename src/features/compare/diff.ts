/**
 * The diffs behind Compare results, written for this app: a line diff (common ends trimmed, then a longest common
 * subsequence over what is left, bounded in size) and a structural diff of two JSON values (the paths added, removed
 * or changed, with old and new values). Pure, so the compare worker runs them too.
 */

type LineOp = { kind: 'same' | 'added' | 'removed'; text: string };

export interface LineDiff {
  ops: LineOp[];
  /** Set when the middle was too large for a line-by-line diff: it is shown as all removed, then all added. */
  coarse?: boolean;
}

/** The most cells (lines × lines of the differing middle) the LCS table may have. */
const MAX_LCS_CELLS = 4_000_000;
/** At most this many lines of each side are compared. */
const MAX_DIFF_LINES = 20_000;

export function diffLines(before: string, after: string): LineDiff {
  const a = before.split('\n').slice(0, MAX_DIFF_LINES);
  const b = after.split('\n').slice(0, MAX_DIFF_LINES);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops: LineOp[] = a.slice(0, start).map((text) => ({ kind: 'same', text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const tail: LineOp[] = a.slice(endA).map((text) => ({ kind: 'same', text }));
  const n = midA.length;
  const m = midB.length;
  if (n * m > MAX_LCS_CELLS) {
    for (const text of midA) ops.push({ kind: 'removed', text });
    for (const text of midB) ops.push({ kind: 'added', text });
    return { ops: ops.concat(tail), coarse: true };
  }
  // lcs[i][j]: the longest common subsequence of midA[i..] and midB[j..], in one flat array.
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * width + j] =
        midA[i] === midB[j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const x = midA[i] ?? '';
    const y = midB[j] ?? '';
    if (x === y) {
      ops.push({ kind: 'same', text: x });
      i++;
      j++;
    } else if ((lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0)) {
      ops.push({ kind: 'removed', text: x });
      i++;
    } else {
      ops.push({ kind: 'added', text: y });
      j++;
    }
  }
  for (; i < n; i++) ops.push({ kind: 'removed', text: midA[i] ?? '' });
  for (; j < m; j++) ops.push({ kind: 'added', text: midB[j] ?? '' });
  return { ops: ops.concat(tail) };
}

export type JsonChange =
  | { kind: 'added'; path: string; after: unknown }
  | { kind: 'removed'; path: string; before: unknown }
  | { kind: 'changed'; path: string; before: unknown; after: unknown };

export interface JsonDiff {
  changes: JsonChange[];
  /** Set when the list stopped at the limit, or a value nested deeper than the limit was compared whole. */
  truncated?: boolean;
}

export const MAX_JSON_CHANGES = 2000;
const MAX_DEPTH = 100;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/** The paths where `after` differs from `before` (`$` is the root), at most MAX_JSON_CHANGES of them. */
export function diffJson(before: unknown, after: unknown): JsonDiff {
  const changes: JsonChange[] = [];
  let truncated = false;
  const walk = (a: unknown, b: unknown, path: string, depth: number) => {
    if (changes.length >= MAX_JSON_CHANGES) {
      truncated = true;
      return;
    }
    if (a === b) return;
    if (depth >= MAX_DEPTH) {
      truncated = true;
      if (!sameJson(a, b)) changes.push({ kind: 'changed', path, before: a, after: b });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const shared = Math.min(a.length, b.length);
      for (let i = 0; i < shared; i++) walk(a[i], b[i], childPath(path, i), depth + 1);
      for (let i = shared; i < a.length; i++) changes.push({ kind: 'removed', path: childPath(path, i), before: a[i] });
      for (let i = shared; i < b.length; i++) changes.push({ kind: 'added', path: childPath(path, i), after: b[i] });
      return;
    }
    if (isRecord(a) && isRecord(b)) {
      for (const key of Object.keys(a)) {
        if (Object.hasOwn(b, key)) walk(a[key], b[key], childPath(path, key), depth + 1);
        else changes.push({ kind: 'removed', path: childPath(path, key), before: a[key] });
      }
      for (const key of Object.keys(b))
        if (!Object.hasOwn(a, key)) changes.push({ kind: 'added', path: childPath(path, key), after: b[key] });
      return;
    }
    changes.push({ kind: 'changed', path, before: a, after: b });
  };
  walk(before, after, '$', 0);
  if (changes.length > MAX_JSON_CHANGES) {
    changes.length = MAX_JSON_CHANGES;
    truncated = true;
  }
  return truncated ? { changes, truncated } : { changes };
}

/** What of a result is compared: its text (text blocks and resource texts) and its structured value. */
export interface ComparedSide {
  text: string;
  structured: unknown;
}

/** At most this many characters of a result's text are compared. */
const MAX_COMPARED_TEXT = 2_000_000;

/** A result's text and structured value (structuredContent, or the whole result when it has none). */
export function comparedSide(raw: unknown): ComparedSide {
  const texts: string[] = [];
  let structured: unknown = raw;
  const body = isRecord(raw) && isRecord(raw.result) && typeof raw.taskId === 'string' ? raw.result : raw;
  if (isRecord(body)) {
    if (body.structuredContent !== undefined) structured = body.structuredContent;
    const blocks = Array.isArray(body.content) ? body.content : Array.isArray(body.contents) ? body.contents : [];
    for (const block of blocks as unknown[]) {
      if (!isRecord(block)) continue;
      if (typeof block.text === 'string') texts.push(block.text);
      else if (isRecord(block.resource) && typeof block.resource.text === 'string') texts.push(block.resource.text);
    }
  }
  return { text: texts.join('\n').slice(0, MAX_COMPARED_TEXT), structured };
}

export interface CompareAnswer {
  text: LineDiff;
  json: JsonDiff;
}

/** Both diffs of two results given as JSON text (what the compare worker runs). */
export function compareResultTexts(before: string, after: string): CompareAnswer | { error: string } {
  let a: unknown;
  let b: unknown;
  try {
    a = JSON.parse(before);
    b = JSON.parse(after);
  } catch {
    return { error: 'A result is not valid JSON.' };
  }
  const left = comparedSide(a);
  const right = comparedSide(b);
  return { text: diffLines(left.text, right.text), json: diffJson(left.structured, right.structured) };
}
