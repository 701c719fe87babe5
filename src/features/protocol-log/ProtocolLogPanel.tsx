import { memo, useCallback, useDeferredValue, useMemo, useState, useSyncExternalStore } from 'react';
import { Region } from '../../components/Region';
import { usePanelShown } from '../../components/panel-shown';
import { formatBytes } from '../../lib/time';
import { useConnectionStore } from '../connection';
import { MAX_ENTRY_CHARS, type LogEntry, type LogSnapshot, type ProtocolLog } from '../../mcp/protocol-log';

/** Entries drawn: the newest; more would be DOM churn under a storm (every one is still kept and searchable). */
const SHOWN = 100;

function matches(entry: LogEntry, method: string, text: string): boolean {
  if (method && entry.method !== method) return false;
  if (!text) return true;
  const needle = text.toLowerCase();
  if (entry.method.toLowerCase().includes(needle) || String(entry.id ?? '').includes(needle)) return true;
  // Searching inside bodies is bounded so a huge payload cannot stall typing.
  if (entry.size > 200_000) return false;
  return JSON.stringify(entry.message).toLowerCase().includes(needle);
}

// One formatter for every entry: toLocaleTimeString builds a new one per call, which a storm of messages feels.
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

function time(ms: number): string {
  return `${clock.format(ms)}.${String(new Date(ms).getMilliseconds()).padStart(3, '0')}`;
}

/** One message; entries never change, so a re-render of the list leaves the drawn ones alone. */
const Entry = memo(function Entry({ entry }: { entry: LogEntry }) {
  const [open, setOpen] = useState(false);
  const arrow = entry.direction === 'out' ? '→' : '←';
  return (
    <li className={`log-entry log-${entry.direction} log-${entry.kind}`}>
      <button type="button" className="log-line" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="mono muted">{time(entry.time)}</span>
        <span className="log-dir" aria-label={entry.direction === 'out' ? 'sent' : 'received'}>
          {arrow}
        </span>
        <span className="mono log-method">{entry.method || `(${entry.kind})`}</span>
        <span className="muted">{entry.kind}</span>
        {entry.id !== undefined ? <span className="mono muted">#{entry.id}</span> : null}
        <span className="muted log-size">{formatBytes(entry.size)}</span>
        {entry.latencyMs !== undefined ? <span className="log-latency">{entry.latencyMs} ms</span> : null}
      </button>
      {open ? (
        <pre className="raw-json mono">
          {entry.size > 2_000_000
            ? `(${formatBytes(entry.size)}: too large to show here; see the Result region)`
            : JSON.stringify(entry.message, null, 2)}
        </pre>
      ) : null}
    </li>
  );
});

/**
 * The log at most four times a second, and only while its panel is shown: a storm of messages must not re-render the
 * panel every frame, nor a folded drawer draw a hundred new entries four times a second. Shown again, it draws the
 * log as it is then.
 */
function useThrottledLog(protocolLog: ProtocolLog): LogSnapshot {
  const shown = usePanelShown();
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!shown) return () => {};
      let timer: ReturnType<typeof setTimeout> | undefined;
      const off = protocolLog.subscribe(() => {
        timer ??= setTimeout(() => {
          timer = undefined;
          changed();
        }, 250);
      });
      return () => {
        off();
        if (timer) clearTimeout(timer);
      };
    },
    [protocolLog, shown],
  );
  return useSyncExternalStore(subscribe, protocolLog.getSnapshot);
}

/** Every JSON-RPC message in and out, newest last, filterable, bounded. */
export function ProtocolLogPanel() {
  // The log of the server on screen: each connection has its own (request ids are per connection).
  const protocolLog = useConnectionStore((s) => s.log);
  const slotId = useConnectionStore((s) => s.slotId);
  return <LogView key={slotId} protocolLog={protocolLog} />;
}

function LogView({ protocolLog }: { protocolLog: ProtocolLog }) {
  const snapshot = useThrottledLog(protocolLog);
  const [method, setMethod] = useState('');
  const [text, setText] = useState('');
  const deferredText = useDeferredValue(text);
  const methods = useMemo(() => [...new Set(snapshot.entries.map((e) => e.method).filter(Boolean))].sort(), [snapshot]);
  const filtered = useMemo(() => snapshot.entries.filter((e) => matches(e, method, deferredText)), [snapshot, method, deferredText]);
  const shown = filtered.slice(-SHOWN);
  return (
    <Region
      title="Protocol log"
      className="protocol-log"
      actions={
        <button type="button" className="button small" onClick={() => protocolLog.clear()}>
          Clear
        </button>
      }
    >
      <div className="log-filters">
        <label className="field">
          <span>Method</span>
          <select value={method} onChange={(e) => setMethod(e.target.value)}>
            <option value="">All methods</option>
            {methods.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label className="field grow">
          <span>Search messages</span>
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="text, id or method" />
        </label>
      </div>
      <p className="muted small">
        {snapshot.entries.length} messages kept
        {snapshot.dropped ? `, ${snapshot.dropped} older ones dropped` : ''}
        {snapshot.truncated ? `, ${snapshot.truncated} over ${MAX_ENTRY_CHARS / 1024} KB kept as their start only` : ''}
        {filtered.length !== snapshot.entries.length ? `, ${filtered.length} match` : ''}
        {filtered.length > SHOWN ? `, showing the last ${SHOWN}` : ''}
      </p>
      <ol className="log-entries" aria-label="Messages">
        {shown.map((entry) => (
          <Entry key={entry.seq} entry={entry} />
        ))}
      </ol>
    </Region>
  );
}
