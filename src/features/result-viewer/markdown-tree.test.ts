import type { Element, Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { markdownTree, MAX_DEPTH, MAX_ELEMENTS } from './markdown-tree';
import { previewEnd, PREVIEW_CHARS, PREVIEW_LINES } from './text-preview';

function elements(tree: Root): Element[] {
  const out: Element[] = [];
  const walk = (nodes: Root['children'] | Element['children']) => {
    for (const node of nodes) {
      if (node.type === 'element') {
        out.push(node);
        walk(node.children);
      }
    }
  };
  walk(tree.children);
  return out;
}

function treeOf(text: string): Root {
  const result = markdownTree(text);
  if (!result.ok) throw new Error(result.reason);
  return result.tree;
}

describe('markdownTree', () => {
  it('renders ordinary markdown', () => {
    const tags = elements(treeOf('# Title\n\nSome *em* and **strong**, `code`.\n\n- one\n- two\n\n> quote')).map((e) => e.tagName);
    expect(tags).toEqual(expect.arrayContaining(['h1', 'p', 'em', 'strong', 'code', 'ul', 'li', 'blockquote']));
  });

  it('drops raw HTML and every unsafe URL', () => {
    const tree = treeOf(
      '<script>alert(1)</script><img src=x onerror=alert(1)>\n\n[a](javascript:alert(1)) [b](https://ok.example/x) ![c](javascript:x) ![d](file:///etc/passwd)',
    );
    const all = elements(tree);
    expect(all.map((e) => e.tagName)).not.toContain('script');
    expect(JSON.stringify(tree)).not.toMatch(/javascript:|file:|onerror/);
    expect(all.filter((e) => e.tagName === 'a').map((e) => e.properties.href)).toEqual([undefined, 'https://ok.example/x']);
    expect(all.filter((e) => e.tagName === 'img').every((e) => e.properties.src === undefined)).toBe(true);
  });

  it('keeps an https image source (the view shows it as a link to open, never loads it)', () => {
    const img = elements(treeOf('![chart](https://img.example/c.png)')).find((e) => e.tagName === 'img');
    expect(img?.properties).toMatchObject({ src: 'https://img.example/c.png', alt: 'chart' });
  });

  it('refuses trees deeper than it can draw', () => {
    const result = markdownTree(`${'>'.repeat(MAX_DEPTH + 20)} deep`);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.reason).toContain('deeper');
  });

  it('refuses more elements than it can draw', () => {
    const result = markdownTree('*a* '.repeat(MAX_ELEMENTS + 10));
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.reason).toContain('elements');
  });
});

describe('previewEnd', () => {
  it('stops at PREVIEW_LINES lines or PREVIEW_CHARS characters, whichever comes first', () => {
    const lines = '- \n'.repeat(40_000);
    expect(previewEnd(lines)).toBe(lines.split('\n', PREVIEW_LINES).join('\n').length);
    const long = 'x'.repeat(PREVIEW_CHARS * 2);
    expect(previewEnd(long)).toBe(PREVIEW_CHARS);
    expect(previewEnd('short\ntext')).toBe('short\ntext'.length);
  });
});
