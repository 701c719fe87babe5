/**
 * For tests: counts how often each component renders, by name, standing in for React's devtools hook (which React
 * tells of every commit). Import it before anything that loads react-dom: the renderer looks for the hook when it
 * loads. bench/renders.ts does the same in the built app.
 *
 * A component rendered in a commit when its fiber took part (it is not the very object the root's previous commit
 * held: an untouched subtree keeps its fibers) and did work (React's PerformedWork flag); a memo or a subtree React
 * skipped does not count.
 */

interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
}

/**
 * Function, class, forwardRef and simple memo components. A memo with its own compare (14) is not counted: the
 * component it wraps has a fiber of its own, counted when it renders.
 */
const COMPONENT_TAGS = new Set([0, 1, 11, 15]);
const PERFORMED_WORK = 1;

const counts = new Map<string, number>();
const seenAt = new WeakMap<Fiber, number>();
const lastCommit = new WeakMap<object, number>();
let commit = 0;

interface Named {
  displayName?: string;
  name?: string;
  render?: { name?: string };
  type?: { name?: string };
}

function nameOf(fiber: Fiber): string | undefined {
  const type = fiber.type;
  if (typeof type !== 'function' && (typeof type !== 'object' || type === null)) return undefined;
  const named = type as Named;
  return named.displayName ?? named.name ?? named.render?.name ?? named.type?.name;
}

function committed(root: { current: Fiber }): void {
  commit++;
  const previous = lastCommit.get(root);
  lastCommit.set(root, commit);
  const stack: Fiber[] = [root.current];
  for (let fiber = stack.pop(); fiber; fiber = stack.pop()) {
    const touched = previous === undefined || seenAt.get(fiber) !== previous;
    seenAt.set(fiber, commit);
    if (touched && (fiber.flags & PERFORMED_WORK) !== 0 && COMPONENT_TAGS.has(fiber.tag)) {
      const name = nameOf(fiber);
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    if (fiber.sibling) stack.push(fiber.sibling);
    if (fiber.child) stack.push(fiber.child);
  }
}

const scope = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
if (scope.__REACT_DEVTOOLS_GLOBAL_HOOK__ === undefined) {
  let renderers = 0;
  scope.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    checkDCE: () => {},
    inject: () => ++renderers,
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => committed(root),
  };
}

/** Renders of the named components since the last reset (0 for one that did not render). */
export function rendersOf(...names: string[]): Record<string, number> {
  return Object.fromEntries(names.map((name) => [name, counts.get(name) ?? 0]));
}

export function resetRenders(): void {
  counts.clear();
}
