import { Region } from '../../components/Region';
import { useConnectionStore } from './use-connection';

/**
 * The stdio server's process as the local bridge reports it: started (command, pid), its stderr lines, and how it
 * exited (code or signal). Kept across restarts and after a disconnect; the text is the process's own, shown as text.
 */
export function ProcessLog() {
  const transport = useConnectionStore((s) => s.transport);
  const events = useConnectionStore((s) => s.processEvents);
  if (transport !== 'stdio' || events.length === 0) return null;
  return (
    <Region title="Local process" className="process-panel">
      <div className="process-log mono small" role="log" aria-label="Process output">
        <ol>
          {events.map((e) => (
            <li key={e.key} className={`process-${e.kind}`}>
              {e.text}
            </li>
          ))}
        </ol>
      </div>
    </Region>
  );
}
