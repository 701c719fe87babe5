import { describe, expect, it } from 'vitest';
import { markdownTree } from './markdown-tree';
import { markdownSlices } from './markdown-slices';

function tree(text: string) {
  const parsed = markdownTree(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.tree;
}

describe('markdownSlices', () => {
  it('keeps a short document in one slice', () => {
    const root = tree('# Title\n\nA paragraph with *emphasis*.');
    expect(markdownSlices(root)).toEqual([root]);
  });

  it('cuts a long document between top-level blocks, each slice within the size, nothing lost or reordered', () => {
    const root = tree(Array.from({ length: 400 }, (_, i) => `Paragraph ${i} with **bold** text.`).join('\n\n'));
    const slices = markdownSlices(root, 50);
    // Each paragraph is 2 elements (p, strong): 25 paragraphs per slice of 50.
    expect(slices.length).toBe(16);
    expect(slices.flatMap((s) => s.children)).toEqual(root.children);
  });

  it('gives a block bigger than the size a slice of its own', () => {
    const list = Array.from({ length: 100 }, (_, i) => `- item ${i}`).join('\n');
    const root = tree(`First.\n\n${list}\n\nLast.`);
    const slices = markdownSlices(root, 20);
    const sizes = slices.map((s) => s.children.filter((c) => c.type === 'element').map((c) => (c.type === 'element' ? c.tagName : '')));
    expect(sizes).toEqual([['p'], ['ul'], ['p']]);
  });

  it('never returns no slice, even for an empty document', () => {
    expect(markdownSlices({ type: 'root', children: [] })).toHaveLength(1);
  });
});
