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
    return parseContainer(i, depth);
  };

  /**
   * An array or object too large to parse whole (its opening bracket at `open`): its members are found one by one,
   * runs of small ones parsed together, large ones entered in turn. Object keys become own properties.
   */
  const parseContainer = async (open: number, depth: number): Promise<[unknown, number]> => {
    const isArray = text.charCodeAt(open) === 91;
    const close = isArray ? 93 : 125;
    const items: unknown[] = [];
    const members: Record<string, unknown> = {};
    const add = (key: string, value: unknown) => (isArray ? items.push(value) : setOwn(members, key, value));
    const out = () => (isArray ? items : members);
    // A run of small members, from runStart to runEnd, parsed in one call.
    let runStart = -1;
    let runEnd = -1;
    const flush = () => {
      if (runStart === -1) return;
      const run = text.slice(runStart, runEnd);
      if (isArray) for (const item of JSON.parse(`[${run}]`) as unknown[]) items.push(item);
      else {
        const parsed = JSON.parse(`{${run}}`) as Record<string, unknown>;
        for (const key of Object.keys(parsed)) setOwn(members, key, parsed[key]);
      }
      runStart = -1;
    };
    let i = skipSpace(open + 1);
    if (text.charCodeAt(i) === close) return [out(), i + 1];
    for (;;) {
      if (i >= n) fail(isArray ? 'Unterminated array' : 'Unterminated object', open);
      // An object member: its key, then the value after the colon.
      let valueAt = i;
      if (!isArray) {
        if (text.charCodeAt(i) !== 34) fail('Expected a property name', i);
        const colon = skipSpace(stringEnd(i));
        if (text.charCodeAt(colon) !== 58) fail(`Expected ':' after a property name`, colon);
        valueAt = skipSpace(colon + 1);
        if (valueAt >= n) fail('Unexpected end', valueAt);
      }
      const end = valueEnd(valueAt, valueAt + chunk);
      if (end === -1) {
        flush();
        const key = isArray ? '' : (JSON.parse(text.slice(i, stringEnd(i))) as string);
        const [value, after] = await parseValue(valueAt, depth + 1);
        add(key, value);
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
      if (c === close) {
        flush();
        return [out(), i + 1];
      }
      if (c !== 44) fail(isArray ? `Expected ',' or ']' after an array element` : `Expected ',' or '}' after a property value`, i);
      i = skipSpace(i + 1);
    }
  };

  const start = skipSpace(0);
  const [value, end] = await parseValue(start, 0);
  if (skipSpace(end) !== n) fail('Unexpected non-whitespace character after JSON', skipSpace(end));
  return value;
}
