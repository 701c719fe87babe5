/**
 * Markdown from a server, parsed to a hast tree that is safe to render: raw HTML dropped, URLs filtered, depth and
 * size bounded. Pure; runs in the markdown worker (the parse can take seconds on hostile text), and in tests.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { imageSrcFromUrl, safeLinkHref } from './safe-url';

/** Deeper trees than this (blockquote in blockquote…) are not rendered: they would overflow the stack. */
export const MAX_DEPTH = 48;
/** More elements than this are not rendered as markdown: drawing them would hold the page. */
export const MAX_ELEMENTS = 5_000;

export type MarkdownTree = { ok: true; tree: Root } | { ok: false; reason: string };

const processor = unified().use(remarkParse).use(remarkRehype);

/** A link target that may be followed: http(s) or mailto; anything else makes the link inert. */
function safeHref(url: string): string | undefined {
  if (/^mailto:/i.test(url)) return url;
  return safeLinkHref(url) ?? undefined;
}

export function markdownTree(text: string): MarkdownTree {
  const tree = processor.runSync(processor.parse(text));
  let elements = 0;
  let tooDeep = false;
  const clean = <T extends RootContent | ElementContent>(nodes: readonly T[], depth: number): ElementContent[] => {
    const out: ElementContent[] = [];
    for (const node of nodes) {
      if (node.type === 'text' || node.type === 'comment') {
        if (node.type === 'text') out.push({ type: 'text', value: node.value });
        continue;
      }
      if (node.type !== 'element') continue; // raw HTML and doctypes are dropped
      if (++elements > MAX_ELEMENTS) return out;
      if (depth > MAX_DEPTH) {
        tooDeep = true;
        return out;
      }
      out.push(cleanElement(node, depth));
    }
    return out;
  };
  const cleanElement = (node: Element, depth: number): Element => {
    const properties: Element['properties'] = {};
    for (const [name, value] of Object.entries(node.properties)) {
      if (name === 'href') {
        const href = typeof value === 'string' ? safeHref(value) : undefined;
        if (href) properties.href = href;
      } else if (name === 'src') {
        const src = typeof value === 'string' ? (imageSrcFromUrl(value) ?? undefined) : undefined;
        if (src) properties.src = src;
      } else if (
        name === 'alt' ||
        name === 'title' ||
        name === 'className' ||
        name === 'align' ||
        name === 'start' ||
        name === 'checked' ||
        name === 'disabled' ||
        name === 'type'
      ) {
        Object.assign(properties, { [name]: value });
      }
    }
    return { type: 'element', tagName: node.tagName, properties, children: clean(node.children, depth + 1) };
  };
  const children = clean(tree.children, 0);
  if (tooDeep) return { ok: false, reason: `it nests deeper than ${MAX_DEPTH} levels` };
  if (elements > MAX_ELEMENTS) return { ok: false, reason: `it has more than ${MAX_ELEMENTS.toLocaleString()} elements` };
  return { ok: true, tree: { type: 'root', children } };
}
