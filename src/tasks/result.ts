import { parseJsonInSlices } from '../lib/sliced-json';
import { parseTaskResult, summariseResult, type ResultSummary, type TaskResult } from '../mcp/task-result';
import type { Observation } from './behaviour';

// Validation is protocol-level (the response worker runs it too); this module's callers still find it here.
export {
  parseTaskResult,
  summariseResult,
  type ContentSlot,
  type InvalidBlock,
  type ResultSummary,
  type TaskResult,
} from '../mcp/task-result';

export interface FetchedResult {
  taskId: string;
  readonly raw: unknown;
  readonly parsed: TaskResult;
  fetchedAt: number;
  /** Size of the raw JSON in characters. */
  size: number;
  /** The raw result as JSON text, when it arrived as text (a large result parsed in a worker). */
  text?: string;
  /** What `parsed` says, without the value: known without parsing a text-backed result. */
  summary?: ResultSummary;
  /** Why the result could not be kept in IndexedDB, when it could not. */
  keepError?: string;
  /** Shown while its copy is still being written to IndexedDB (a large result is shown first, kept meanwhile). */
  keeping?: boolean;
  /** Loaded from the local store rather than fetched in this page's life. */
  fromStore?: boolean;
}

export function resultSummary(result: FetchedResult): ResultSummary {
  return result.summary ?? summariseResult(result.parsed);
}

/**
 * A result held as JSON text, validated elsewhere (in a worker) and summarised: it is parsed on the main thread
 * only when something reads `raw` or `parsed` (the viewer, once asked to show the content).
 */
export class TextBackedResult implements FetchedResult {
  /**
   * The parsed text and its validated reading, shared with the copies `withKeepState` makes: parsed and validated
   * once per result, and a copy made when the result's local copy is written hands the viewer the very same
   * `parsed`, so nothing under it is drawn again (a new reading redrew the whole result, 40-47 ms for the hostile
   * markdown one).
   */
  readonly #parse: {
    raw?: unknown;
    parsed?: TaskResult;
    done: boolean;
    pending?: Promise<void>;
    listeners: Set<(fraction: number) => void>;
  };

  constructor(
    readonly taskId: string,
    readonly text: string,
    readonly summary: ResultSummary,
    readonly fetchedAt: number,
    readonly size: number,
    readonly extra: {
      fromStore?: boolean;
      keepError?: string;
      keeping?: boolean;
      /** The text as a UTF-8 Blob made elsewhere (the response worker), to keep it without encoding it here. */
      blob?: () => Promise<Blob | undefined>;
    } = {},
    parse?: TextBackedResult,
  ) {
    this.#parse = parse ? parse.#parse : { done: false, listeners: new Set() };
  }

  /** Whether `raw` is ready without parsing on the spot. */
  get prepared(): boolean {
    return this.#parse.done;
  }

  /** Parses the text in slices, the page responding meanwhile (see sliced-json.ts); `raw` is then free. */
  prepare(onProgress?: (fraction: number) => void): Promise<void> {
    const state = this.#parse;
    if (state.done) return Promise.resolve();
    // Whoever asks while a parse runs hears its progress too (a viewer drawn again meanwhile, say).
    if (onProgress) state.listeners.add(onProgress);
    state.pending ??= parseJsonInSlices(this.text, {
      onProgress: (done, total) => state.listeners.forEach((listener) => listener(done / total)),
    }).then(
      (raw) => {
        if (!state.done) Object.assign(state, { raw, done: true });
        state.listeners.clear();
      },
      (error: unknown) => {
        state.pending = undefined;
        state.listeners.clear();
        throw error;
      },
    );
    return state.pending;
  }

  get raw(): unknown {
    const state = this.#parse;
    if (!state.done) Object.assign(state, { raw: JSON.parse(this.text) as unknown, done: true });
    return state.raw;
  }

  get parsed(): TaskResult {
    const state = this.#parse;
    return (state.parsed ??= parseTaskResult(this.raw));
  }

  get fromStore(): boolean | undefined {
    return this.extra.fromStore;
  }

  get keepError(): string | undefined {
    return this.extra.keepError;
  }

  get keeping(): boolean | undefined {
    return this.extra.keeping;
  }
}

/**
 * The same result with this state of its local copy: being written, failed (and why), or neither (kept, or never
 * tried). A text-backed result stays unparsed.
 */
export function withKeepState(result: FetchedResult, state: { keeping?: boolean; keepError?: string }): FetchedResult {
  const { keeping, keepError } = state;
  if (result instanceof TextBackedResult) {
    const { fromStore, blob } = result.extra;
    return new TextBackedResult(
      result.taskId,
      result.text,
      result.summary,
      result.fetchedAt,
      result.size,
      {
        ...(fromStore !== undefined && { fromStore }),
        ...(keepError !== undefined && { keepError }),
        ...(keeping && { keeping }),
        ...(blob && { blob }),
      },
      result,
    );
  }
  const { keepError: _error, keeping: _keeping, ...rest } = result;
  return { ...rest, ...(keepError !== undefined && { keepError }), ...(keeping && { keeping }) };
}

/** What a fetched result says about the server, for the behaviour detector. */
export function resultObservation(taskId: string, result: FetchedResult): Observation {
  const parsed = resultSummary(result);
  if (parsed.kind === 'invalid') return { type: 'result', envelope: 'invalid', taskId, relatedTaskMeta: false, detail: parsed.error };
  return {
    type: 'result',
    envelope: parsed.envelope,
    taskId,
    relatedTaskMeta: parsed.kind !== 'no-result' && parsed.relatedTaskId !== undefined,
  };
}

export function jsonSize(raw: unknown): number {
  try {
    return JSON.stringify(raw)?.length ?? 0;
  } catch {
    return 0;
  }
}

/** Makes `raw` and `parsed` cheap to read: a text-backed result is parsed in slices; any other already is. */
export function prepareForView(result: FetchedResult, onProgress?: (fraction: number) => void): Promise<void> {
  return result instanceof TextBackedResult ? result.prepare(onProgress) : Promise.resolve();
}

/** A text-backed result's JSON as a UTF-8 Blob, to keep it: the worker's when it has one, else encoded here. */
export async function textBlobOf(result: FetchedResult, text: string): Promise<Blob> {
  const made = result instanceof TextBackedResult ? await result.extra.blob?.() : undefined;
  return made ?? new Blob([text], { type: 'application/json' });
}
