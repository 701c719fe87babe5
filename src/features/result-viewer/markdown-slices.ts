import type { Root, RootContent } from 'hast';

/** About how many elements one slice of a markdown tree holds: React and the browser draw ~300 in a few ms. */
const SLICE_ELEMENTS = 300;

function elementCount(node: RootContent): number {
  if (node.type !== 'element') return 0;
  let count = 1;
  for (const child of node.children) count += elementCount(child);
  return count;
}

/**
 * The tree cut, between its top-level blocks, into trees of about `size` elements each, to draw one at a time. A
 * block bigger than that is a slice on its own. Never empty. Pure.
 */
export function markdownSlices(tree: Root, size = SLICE_ELEMENTS): Root[] {
  const slices: Root[] = [];
  let current: RootContent[] = [];
  let elements = 0;
  for (const node of tree.children) {
    const count = elementCount(node);
    if (current.length && elements + count > size) {
      slices.push({ type: 'root', children: current });
      current = [];
      elements = 0;
    }
    current.push(node);
    elements += count;
  }
  slices.push({ type: 'root', children: current });
  return slices;
}
