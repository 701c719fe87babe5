// The app's layers import one way only: lib → mcp → tasks → components → features → app. A layer imports from itself
// and from layers to its left; a feature reaches another feature only through that feature's index. Checked on the
// resolved path of every relative import (and `import()`/re-exports), so `../../tasks/x` and `../tasks/x` are the same.
import path from 'node:path';

const ORDER = ['lib', 'mcp', 'tasks', 'components', 'features', 'app'];
const SRC = path.resolve(import.meta.dirname, '..', 'src');

/** Where a file sits: its layer, and for features the feature's folder. `undefined` outside the layers. */
export function placeOf(file) {
  const rel = path.relative(SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  if (parts.length < 2) return { layer: 'root', feature: undefined, rest: parts };
  const layer = parts[0];
  if (!ORDER.includes(layer)) return undefined;
  return { layer, feature: layer === 'features' ? parts[1] : undefined, rest: parts.slice(layer === 'features' ? 2 : 1) };
}

/** Why `from` may not import `to`, or `undefined` when it may. */
export function violation(from, to) {
  const a = placeOf(from);
  const b = placeOf(to);
  if (!a || !b || a.layer === 'root') return undefined;
  if (b.layer === 'root') return `${a.layer}/ imports the entry point`;
  const ia = ORDER.indexOf(a.layer);
  const ib = ORDER.indexOf(b.layer);
  if (ib > ia) return `${a.layer}/ may not import ${b.layer}/ (layers run ${ORDER.join(' → ')})`;
  // Shared presentational pieces know nothing of connections or tasks: what they show comes in as props.
  if (a.layer === 'components' && (b.layer === 'mcp' || b.layer === 'tasks'))
    return `components/ may not import ${b.layer}/ (pass what it needs as props)`;
  if (b.layer === 'features' && b.feature !== a.feature) {
    const entry = b.rest.join('/').replace(/\.(tsx?|jsx?)$/, '');
    if (entry !== 'index' && entry !== '')
      return `${a.feature ? `features/${a.feature}` : `${a.layer}/`} reaches into features/${b.feature}/${entry}; import its index`;
  }
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layer order lib → mcp → tasks → components → features → app' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      const why = violation(file, target);
      if (why) context.report({ node: source, message: why });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { layers: rule } };
