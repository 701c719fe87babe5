import { useState } from 'react';

const PAGE = 100;
const LONG_STRING = 2000;

function Primitive({ value }: { value: unknown }) {
  const [full, setFull] = useState(false);
  if (typeof value === 'string') {
    const long = value.length > LONG_STRING && !full;
    return (
      <span className="json-string">
        &quot;{long ? value.slice(0, LONG_STRING) : value}
        {long ? (
          <button type="button" className="link-button" onClick={() => setFull(true)}>
            … {value.length - LONG_STRING} more characters
          </button>
        ) : null}
        &quot;
      </span>
    );
  }
  if (value === null) return <span className="json-null">null</span>;
  if (typeof value === 'number') return <span className="json-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="json-boolean">{String(value)}</span>;
  return <span className="json-other">{typeof value}</span>;
}

function Branch({ name, value, depth, openDepth }: { name: string; value: object; depth: number; openDepth: number }) {
  const [open, setOpen] = useState(depth < openDepth);
  const [shown, setShown] = useState(PAGE);
  // Only the children drawn are paired with their names: an array of half a million rows is not copied per render.
  let count: number;
  let entries: Array<readonly [string, unknown]>;
  if (Array.isArray(value)) {
    count = value.length;
    entries = (value as unknown[]).slice(0, shown).map((v, i) => [String(i), v] as const);
  } else {
    const keys = Object.keys(value);
    count = keys.length;
    entries = keys.slice(0, shown).map((k) => [k, (value as Record<string, unknown>)[k]] as const);
  }
  const summary = Array.isArray(value) ? `[${count}]` : `{${count}}`;
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="json-key">{name}</span> <span className="muted">{summary}</span>
      </summary>
      {open ? (
        <ul className="json-children">
          {entries.map(([k, v]) => (
            <li key={k}>
              <JsonNode name={k} value={v} depth={depth + 1} openDepth={openDepth} />
            </li>
          ))}
          {count > shown ? (
            <li>
              <button type="button" className="link-button" onClick={() => setShown((n) => n + PAGE)}>
                Show {Math.min(PAGE, count - shown)} more of {count - shown}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </details>
  );
}

function JsonNode({ name, value, depth, openDepth }: { name: string; value: unknown; depth: number; openDepth: number }) {
  if (typeof value === 'object' && value !== null) return <Branch name={name} value={value} depth={depth} openDepth={openDepth} />;
  return (
    <span className="json-leaf">
      <span className="json-key">{name}</span>: <Primitive value={value} />
    </span>
  );
}

/** A collapsible JSON tree: children render only when opened, a hundred at a time. Text only, never HTML. */
export function JsonTree({ value, label = 'value', openDepth = 2 }: { value: unknown; label?: string; openDepth?: number }) {
  return (
    <div className="json-tree mono">
      <JsonNode name={label} value={value} depth={0} openDepth={openDepth} />
    </div>
  );
}
