/**
 * JSON.parse for very large texts on the main thread, in slices: the page keeps painting and answering input while
 * a 50 MB result is parsed, instead of stalling for the half second one JSON.parse call takes.
 *
 * The text is walked only where it is large: a container too big to parse in one go is entered, its members are
 * found by a string-and-bracket scan, and runs of small members are handed to the native JSON.parse together (one
 * call per run of about `chunk` characters). Between runs, once `budgetMs` has passed, it yields to the browser.
 * Members are added as own properties, exactly as JSON.parse adds them (so a "__proto__" key stays a key).
 * The result equals JSON.parse(text), and invalid text throws a SyntaxError, as JSON.parse would.
 */
import { yieldToMain as yieldToMainThread } from './yield-to-main';

export interface SlicedParseOptions {
  /** Characters handed to one native JSON.parse call, about. */
  chunk?: number;
  /** Time spent before giving the main thread back, in ms. */
  budgetMs?: number;
  /** How to give the main thread back; the browser's scheduler when there is one. */
  yieldToMain?: () => Promise<void>;
  /** Told how far the walk has come, in characters, after each yield. */
  onProgress?: (done: number, total: number) => void;
}

const DEFAULT_CHUNK = 64_000;
const DEFAULT_BUDGET_MS = 25;
/** Containers nested deeper than this while still too large are parsed whole (pathological input only). */
const MAX_DEPTH = 256;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function fail(message: string, at: number): never {
  throw new SyntaxError(`${message} in JSON at position ${at}`);
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

export async function parseJsonInSlices(text: string, options: SlicedParseOptions = {}): Promise<unknown> {
  const chunk = options.chunk ?? DEFAULT_CHUNK;
  const budget = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const yieldToMain = options.yieldToMain ?? yieldToMainThread;
  // Small enough for one call: nothing to slice.
  if (text.length <= chunk) return JSON.parse(text) as unknown;

  const n = text.length;
  let sliceStart = performance.now();
  const maybeYield = async (at: number) => {
    if (performance.now() - sliceStart < budget) return;
    await yieldToMain();
    options.onProgress?.(at, n);
    sliceStart = performance.now();
  };

  const skipSpace = (i: number) => {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    return i;
  };

  /** The index just past the string whose opening quote is at i. */
  const stringEnd = (i: number): number => {
    let j = i + 1;
    for (;;) {
      const quote = text.indexOf('"', j);
      if (quote === -1) fail('Unterminated string', i);
      let slashes = 0;
      while (text.charCodeAt(quote - 1 - slashes) === 92) slashes++;
      if (slashes % 2 === 0) return quote + 1;
      j = quote + 1;
    }
  };

  /**
   * The index just past the value starting at i, or -1 when it is a container that runs on past `limit` (a large
   * one, to be entered rather than parsed whole). Only strings and brackets are tracked; JSON.parse checks the rest.
   */
  const valueEnd = (i: number, limit: number): number => {
    const c = text.charCodeAt(i);
    if (c === 34) return stringEnd(i);
    if (c === 123 || c === 91) {
      let depth = 0;
      let j = i;
      while (j < n) {
        if (j > limit) return -1;
        const d = text.charCodeAt(j);
        if (d === 34) {
          j = stringEnd(j);
          continue;
        }
        if (d === 123 || d === 91) depth++;
        else if (d === 125 || d === 93) {
          depth--;
          if (depth === 0) return j + 1;
        }
        j++;
      }
      fail('Unterminated container', i);
    }
    // A number, true, false or null: up to the next delimiter.
    let j = i;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d === 44 || d === 93 || d === 125 || d === 58 || isSpace(d)) break;
      j++;
    }
    if (j === i) fail(`Unexpected token '${text[i] ?? ''}'`, i);
    return j;
  };

  /** Parses the value at i (no leading space); returns it and the index past it. */
  const parseValue = async (i: number, depth: number): Promise<[unknown, number]> => {
    if (i >= n) fail('Unexpected end', i);
    const end = valueEnd(i, i + chunk);
    if (end !== -1) return [JSON.parse(text.slice(i, end)), end];
    if (depth >= MAX_DEPTH) {
      const whole = valueEnd(i, Infinity);
      return [JSON.parse(text.slice(i, whole)), whole];
    }
    return text.charCodeAt(i) === 91 ? parseArray(i, depth) : parseObject(i, depth);
  };

  const parseArray = async (open: number, depth: number): Promise<[unknown[], number]> => {
    const out: unknown[] = [];
    let i = skipSpace(open + 1);
    if (text.charCodeAt(i) === 93) return [out, i + 1];
    // A run of small elements, from runStart to runEnd, parsed in one call.
    let runStart = -1;
    let runEnd = -1;
    const flush = () => {
      if (runStart === -1) return;
      const items = JSON.parse(`[${text.slice(runStart, runEnd)}]`) as unknown[];
      for (const item of items) out.push(item);
      runStart = -1;
    };
    for (;;) {
      if (i >= n) fail('Unterminated array', open);
      const end = valueEnd(i, i + chunk);
      if (end === -1) {
        flush();
        const [value, after] = await parseValue(i, depth + 1);
        out.push(value);
        i = after;
        await maybeYield(i);
      } else {
        if (runStart === -1) runStart = i;
        runEnd = end;
        i = end;
        if (runEnd - runStart >= chunk) {
          flush();
          await maybeYield(i);
        }
      }
      i = skipSpace(i);
      const c = text.charCodeAt(i);
      if (c === 93) {
        flush();
        return [out, i + 1];
      }
      if (c !== 44) fail(`Expected ',' or ']' after an array element`, i);
      i = skipSpace(i + 1);
    }
  };

  const parseObject = async (open: number, depth: number): Promise<[Record<string, unknown>, number]> => {
    const out: Record<string, unknown> = {};
    let i = skipSpace(open + 1);
    if (text.charCodeAt(i) === 125) return [out, i + 1];
    let runStart = -1;
    let runEnd = -1;
    const flush = () => {
      if (runStart === -1) return;
      const members = JSON.parse(`{${text.slice(runStart, runEnd)}}`) as Record<string, unknown>;
      for (const key of Object.keys(members)) setOwn(out, key, members[key]);
      runStart = -1;
    };
    for (;;) {
      if (i >= n) fail('Unterminated object', open);
      if (text.charCodeAt(i) !== 34) fail('Expected a property name', i);
      const keyEnd = stringEnd(i);
      const colon = skipSpace(keyEnd);
      if (text.charCodeAt(colon) !== 58) fail(`Expected ':' after a property name`, colon);
      const valueAt = skipSpace(colon + 1);
      if (valueAt >= n) fail('Unexpected end', valueAt);
      const end = valueEnd(valueAt, valueAt + chunk);
      if (end === -1) {
        flush();
        const key = JSON.parse(text.slice(i, keyEnd)) as string;
        const [value, after] = await parseValue(valueAt, depth + 1);
        setOwn(out, key, value);
        i = after;
        await maybeYield(i);
      } else {
        if (runStart === -1) runStart = i;
        runEnd = end;
        i = end;
        if (runEnd - runStart >= chunk) {
          flush();
          await maybeYield(i);
        }
      }
      i = skipSpace(i);
      const c = text.charCodeAt(i);
      if (c === 125) {
        flush();
        return [out, i + 1];
      }
      if (c !== 44) fail(`Expected ',' or '}' after a property value`, i);
      i = skipSpace(i + 1);
    }
  };

  const start = skipSpace(0);
  const [value, end] = await parseValue(start, 0);
  if (skipSpace(end) !== n) fail('Unexpected non-whitespace character after JSON', skipSpace(end));
  return value;
}
