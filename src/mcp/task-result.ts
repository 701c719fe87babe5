/**
 * A `tasks/result` payload validated against the protocol's result schemas, in the spec's dialect or the seed's,
 * and summarised without its value. Protocol-level, so the response worker can run it too (offload-parser.ts).
 */
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
import { outlineOf, type ResultOutline } from './result-outline';

type Envelope = 'spec' | 'seed';

/** A content block as it came, with why it does not validate. */
export interface InvalidBlock {
  raw: unknown;
  error: string;
}

/** A CallToolResult's content in order, valid blocks and invalid ones where they stood. */
export type ContentSlot = { valid: CallToolResult['content'][number] } | { invalid: InvalidBlock };

/** The shapes a `tasks/result` answer can take, after validation. */
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for the seed's envelope: `{ taskId, status, result }` with no content of its own. */
function isSeedEnvelope(value: unknown): value is { taskId: string; status: string; result?: unknown } {
  return (
    isRecord(value) &&
    typeof value.taskId === 'string' &&
    typeof value.status === 'string' &&
    !('content' in value) &&
    !('structuredContent' in value)
  );
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
  if (!isRecord(value))
    return {
      kind: 'invalid',
      error: `Expected an object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    };
  const related = relatedTaskOf(value);
  const withRelated = <T extends TaskResult>(r: T): T => (related === undefined ? r : { ...r, relatedTaskId: related });
  // Pick the schema by the fields that tell the result types apart, then validate strictly against it.
  if ('contents' in value) {
    const parsed = ReadResourceResultSchema.safeParse(value);
    return parsed.success
      ? withRelated({ kind: 'read-resource', envelope, value: parsed.data })
      : { kind: 'invalid', error: `Not a ReadResourceResult: ${describeIssues(parsed.error)}` };
  }
  if ('action' in value) {
    const parsed = ElicitResultSchema.safeParse(value);
    return parsed.success
      ? withRelated({ kind: 'elicit', envelope, value: parsed.data })
      : { kind: 'invalid', error: `Not an ElicitResult: ${describeIssues(parsed.error)}` };
  }
  if ('role' in value && 'model' in value) {
    const parsed = CreateMessageResultSchema.safeParse(value);
    return parsed.success
      ? withRelated({ kind: 'create-message', envelope, value: parsed.data })
      : { kind: 'invalid', error: `Not a CreateMessageResult: ${describeIssues(parsed.error)}` };
  }
  if (!('content' in value) && !('structuredContent' in value)) {
    return { kind: 'invalid', error: 'Not a CallToolResult: it has neither content nor structuredContent' };
  }
  const parsed = CallToolResultSchema.safeParse(value);
  if (parsed.success) return withRelated({ kind: 'call-tool', envelope, value: parsed.data });
  return partlyValid(value, envelope, withRelated) ?? { kind: 'invalid', error: `Not a CallToolResult: ${describeIssues(parsed.error)}` };
}

const BLOCK_SCHEMAS: Partial<
  Record<
    string,
    { safeParse: (raw: unknown) => { success: true; data: CallToolResult['content'][number] } | { success: false; error: Issues } }
  >
> = {
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
function partlyValid(
  value: Record<string, unknown>,
  envelope: Envelope,
  withRelated: <T extends TaskResult>(r: T) => T,
): TaskResult | undefined {
  if (!Array.isArray(value.content)) return undefined;
  const rest = CallToolResultSchema.safeParse({ ...value, content: [] });
  if (!rest.success) return undefined;
  const slots: ContentSlot[] = value.content.map((raw: unknown): ContentSlot => {
    const type = isRecord(raw) ? raw.type : undefined;
    const schema = typeof type === 'string' ? BLOCK_SCHEMAS[type] : undefined;
    if (!schema)
      return {
        invalid: {
          raw,
          error: typeof type === 'string' ? `unknown content block type "${type.slice(0, 100)}"` : 'a content block needs a string "type"',
        },
      };
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
  | {
      kind: 'call-tool' | 'read-resource' | 'elicit' | 'create-message';
      envelope: Envelope;
      relatedTaskId?: string;
      outline?: ResultOutline;
    }
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
