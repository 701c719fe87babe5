/**
 * What a result holds, in a few lines: made where the result is validated (in the response worker for a large
 * one), so a result held back behind its size notice still shows its shape and the start of its text at once.
 */

interface OutlineBlock {
  type: string;
  mimeType?: string;
  /** Characters of its text or (base64) data, when it has either. */
  chars?: number;
  /** The start of its text, for text and text resources. */
  excerpt?: string;
}

export interface ResultOutline {
  /** Content blocks in all (content, or a resource's contents). */
  blockCount: number;
  /** The first few of them. */
  blocks: OutlineBlock[];
  /** structuredContent's first members and their shapes. */
  structured?: Array<{ key: string; shape: string }>;
  /** Members of structuredContent in all. */
  structuredCount?: number;
  isError?: boolean;
}

export const OUTLINE_BLOCKS = 5;
export const OUTLINE_EXCERPT = 300;
const OUTLINE_MEMBERS = 8;

type Blockish = { type?: unknown; mimeType?: unknown; text?: unknown; data?: unknown; blob?: unknown; resource?: unknown; uri?: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function outlineBlock(value: unknown, fallbackType: string): OutlineBlock {
  const block = (isRecord(value) ? value : {}) as Blockish;
  // An embedded resource: its own MIME type and text or blob.
  const inner = (isRecord(block.resource) ? block.resource : block) as Blockish;
  const type = typeof block.type === 'string' ? block.type : fallbackType;
  const text = typeof inner.text === 'string' ? inner.text : undefined;
  const data = typeof inner.data === 'string' ? inner.data : typeof inner.blob === 'string' ? inner.blob : undefined;
  return {
    type,
    ...(typeof inner.mimeType === 'string' && { mimeType: inner.mimeType }),
    ...((text ?? data) !== undefined && { chars: (text ?? data ?? '').length }),
    ...(text !== undefined && { excerpt: text.slice(0, OUTLINE_EXCERPT) }),
  };
}

/** A value's shape in a few words: "array of 555,556", "object of 3 members", "string of 20 characters", "42". */
export function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `array of ${value.length.toLocaleString('en')}`;
  if (isRecord(value)) {
    const n = Object.keys(value).length;
    return `object of ${n.toLocaleString('en')} member${n === 1 ? '' : 's'}`;
  }
  if (typeof value === 'string')
    return value.length <= 40 ? JSON.stringify(value) : `string of ${value.length.toLocaleString('en')} characters`;
  return String(value);
}

/** The outline of a validated result's value (a CallToolResult, ReadResourceResult or CreateMessageResult). */
export function outlineOf(value: unknown): ResultOutline {
  const v = isRecord(value) ? value : {};
  const list = Array.isArray(v.content) ? v.content : Array.isArray(v.contents) ? v.contents : v.content !== undefined ? [v.content] : [];
  const fallbackType = Array.isArray(v.contents) ? 'resource' : 'block';
  const outline: ResultOutline = {
    blockCount: list.length,
    blocks: list.slice(0, OUTLINE_BLOCKS).map((b) => outlineBlock(b, fallbackType)),
  };
  if (isRecord(v.structuredContent)) {
    const keys = Object.keys(v.structuredContent);
    const structured = v.structuredContent;
    outline.structured = keys.slice(0, OUTLINE_MEMBERS).map((key) => ({ key, shape: shapeOf(structured[key]) }));
    outline.structuredCount = keys.length;
  }
  if (v.isError === true) outline.isError = true;
  return outline;
}
