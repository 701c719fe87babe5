import {
  CallToolResultSchema,
  AudioContentSchema,
  EmbeddedResourceSchema,
  ImageContentSchema,
  ResourceLinkSchema,
  TextContentSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  ReadResourceResultSchema,
  RELATED_TASK_META_KEY,
  type CallToolResult,
  type CreateMessageResult,
  type ElicitResult,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import { parseJsonInSlices } from '../lib/sliced-json';
import { outlineOf, type ResultOutline } from './result-outline';
import type { Observation } from './behaviour';

export type Envelope = 'spec' | 'seed';

/** The shapes a `tasks/result` answer can take, after validation. */
/** A content block as it came, with why it does not validate. */
export interface InvalidBlock {
  raw: unknown;
  error: string;
}

/** A CallToolResult's content in order, valid blocks and invalid ones where they stood. */
export type ContentSlot = { valid: CallToolResult['content'][number] } | { invalid: InvalidBlock };

export type TaskResult =
  | {
      kind: 'call-tool';
      envelope: Envelope;
      value: CallToolResult;
      relatedTaskId?: string;
      /** Set when some content blocks do not validate: every block in order (value.content holds the valid ones). */
      slots?: ContentSlot[];
    }
  | { kind: 'read-resource'; envelope: Envelope; value: ReadResourceResult; relatedTaskId?: string }
  | { kind: 'elicit'; envelope: Envelope; value: ElicitResult; relatedTaskId?: string }
  | { kind: 'create-message'; envelope: Envelope; value: CreateMessageResult; relatedTaskId?: string }
  /** The seed dialect's `{taskId, status, result: null}` for a task that ended without a payload. */
  | { kind: 'no-result'; envelope: 'seed'; status: string }
  /** Anything that validates as none of the above: shown raw with the reasons beside it. */
  | { kind: 'invalid'; error: string };

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for the seed's envelope: `{ taskId, status, result }` with no content of its own. */
export function isSeedEnvelope(value: unknown): value is { taskId: string; status: string; result?: unknown } {
  return isRecord(value) && typeof value.taskId === 'string' && typeof value.status === 'string' && !('content' in value) && !('structuredContent' in value);
}

type Issues = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

function describeIssues(error: Issues): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

function relatedTaskOf(value: Record<string, unknown>): string | undefined {
  const meta = isRecord(value._meta) ? value._meta[RELATED_TASK_META_KEY] : undefined;
  return isRecord(meta) && typeof meta.taskId === 'string' ? meta.taskId : undefined;
}

function classify(value: unknown, envelope: Envelope): TaskResult {
  if (!isRecord(value)) return { kind: 'invalid', error: `Expected an object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}` };
  const related = relatedTaskOf(value);
  const withRelated = <T extends TaskResult>(r: T): T => (related === undefined ? r : { ...r, relatedTaskId: related });
  // Pick the schema by the fields that tell the result types apart, then validate strictly against it.
  if ('contents' in value) {
    const parsed = ReadResourceResultSchema.safeParse(value);
    return parsed.success ? withRelated({ kind: 'read-resource', envelope, value: parsed.data }) : { kind: 'invalid', error: `Not a ReadResourceResult: ${describeIssues(parsed.error)}` };
  }
  if ('action' in value) {
    const parsed = ElicitResultSchema.safeParse(value);
    return parsed.success ? withRelated({ kind: 'elicit', envelope, value: parsed.data }) : { kind: 'invalid', error: `Not an ElicitResult: ${describeIssues(parsed.error)}` };
  }
  if ('role' in value && 'model' in value) {
    const parsed = CreateMessageResultSchema.safeParse(value);
    return parsed.success ? withRelated({ kind: 'create-message', envelope, value: parsed.data }) : { kind: 'invalid', error: `Not a CreateMessageResult: ${describeIssues(parsed.error)}` };
  }
  if (!('content' in value) && !('structuredContent' in value)) {
    return { kind: 'invalid', error: 'Not a CallToolResult: it has neither content nor structuredContent' };
  }
  const parsed = CallToolResultSchema.safeParse(value);
  if (parsed.success) return withRelated({ kind: 'call-tool', envelope, value: parsed.data });
  return partlyValid(value, envelope, withRelated) ?? { kind: 'invalid', error: `Not a CallToolResult: ${describeIssues(parsed.error)}` };
}

const BLOCK_SCHEMAS: Partial<Record<string, { safeParse: (raw: unknown) => { success: true; data: CallToolResult['content'][number] } | { success: false; error: Issues } }>> = {
  text: TextContentSchema,
  image: ImageContentSchema,
  audio: AudioContentSchema,
  resource_link: ResourceLinkSchema,
  resource: EmbeddedResourceSchema,
};

/**
 * A CallToolResult whose only faults are some of its content blocks: the valid blocks are shown as usual and each
 * invalid one raw in its place, with its own error. Undefined when the rest of the result does not validate either.
 */
function partlyValid(value: Record<string, unknown>, envelope: Envelope, withRelated: <T extends TaskResult>(r: T) => T): TaskResult | undefined {
  if (!Array.isArray(value.content)) return undefined;
  const rest = CallToolResultSchema.safeParse({ ...value, content: [] });
  if (!rest.success) return undefined;
  const slots: ContentSlot[] = value.content.map((raw: unknown): ContentSlot => {
    const type = isRecord(raw) ? raw.type : undefined;
    const schema = typeof type === 'string' ? BLOCK_SCHEMAS[type] : undefined;
    if (!schema) return { invalid: { raw, error: typeof type === 'string' ? `unknown content block type "${type.slice(0, 100)}"` : 'a content block needs a string "type"' } };
    const block = schema.safeParse(raw);
    return block.success ? { valid: block.data } : { invalid: { raw, error: `${String(type)} block: ${describeIssues(block.error)}` } };
  });
  const content = slots.flatMap((slot) => ('valid' in slot ? [slot.valid] : []));
  return withRelated({ kind: 'call-tool', envelope, value: { ...rest.data, content }, slots });
}

/** Validates a `tasks/result` payload in either dialect. */
export function parseTaskResult(raw: unknown): TaskResult {
  if (isSeedEnvelope(raw)) {
    if (raw.result === null || raw.result === undefined) return { kind: 'no-result', envelope: 'seed', status: raw.status };
    return classify(raw.result, 'seed');
  }
  return classify(raw, 'spec');
}

/** A TaskResult without its (possibly huge) value; with an outline of what the value holds. */
export type ResultSummary =
  | { kind: 'call-tool' | 'read-resource' | 'elicit' | 'create-message'; envelope: Envelope; relatedTaskId?: string; outline?: ResultOutline }
  | { kind: 'no-result'; envelope: 'seed'; status: string }
  | { kind: 'invalid'; error: string };

export function summariseResult(parsed: TaskResult): ResultSummary {
  if (parsed.kind === 'invalid' || parsed.kind === 'no-result') return parsed;
  return {
    kind: parsed.kind,
    envelope: parsed.envelope,
    ...(parsed.relatedTaskId !== undefined && { relatedTaskId: parsed.relatedTaskId }),
    ...(parsed.kind !== 'elicit' && { outline: outlineOf(parsed.value) }),
  };
}

export function resultSummary(result: FetchedResult): ResultSummary {
  return result.summary ?? summariseResult(result.parsed);
}

/**
 * A result held as JSON text, validated elsewhere (in a worker) and summarised: it is parsed on the main thread
 * only when something reads `raw` or `parsed` (the viewer, once asked to show the content).
 */
export class TextBackedResult implements FetchedResult {
  /** The parsed text, shared with the copies `withKeepState` makes, so it is parsed once per result. */
  readonly #parse: { raw?: unknown; done: boolean; pending?: Promise<void>; listeners: Set<(fraction: number) => void> };
  #parsed: TaskResult | undefined;

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
    state.pending ??= parseJsonInSlices(this.text, { onProgress: (done, total) => state.listeners.forEach((listener) => listener(done / total)) }).then(
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
    return (this.#parsed ??= parseTaskResult(this.raw));
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
  return { type: 'result', envelope: parsed.envelope, taskId, relatedTaskMeta: parsed.kind !== 'no-result' && parsed.relatedTaskId !== undefined };
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
