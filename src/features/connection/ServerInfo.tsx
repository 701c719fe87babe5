import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { Suspense, useEffect, useState } from 'react';
import { LongMessage } from '../../components/LongMessage';
import { clip } from '../../lib/clip';
import { Region } from '../../components/Region';
import type { McpSession, NotificationStream } from '../../mcp/session';
import { useConnectionStore } from './use-connection';
import { lazyNamed } from '../../components/lazy-named';

/** Shown in the drawer for a server signed in with OAuth: loaded after the first paint. */
const OAuthInfo = lazyNamed(() => import('./OAuthInfo'), 'OAuthInfo');

/** Capability names as dotted paths: `tasks.list`, `tasks.requests.tools.call`, `tools.listChanged`… */
function capabilityPaths(capabilities: ServerCapabilities): string[] {
  const paths: string[] = [];
  const walk = (value: unknown, prefix: string) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      if (value !== false && value !== undefined) paths.push(prefix);
      return;
    }
    const entries = Object.entries(value);
    if (entries.length === 0) paths.push(prefix);
    for (const [key, child] of entries) walk(child, prefix ? `${prefix}.${key}` : key);
  };
  walk(capabilities, '');
  return paths.filter(Boolean);
}

function TasksSupport({ capabilities }: { capabilities: ServerCapabilities }) {
  const tasks = capabilities.tasks;
  if (!tasks) return <p className="muted">Tasks: none (the tasks capability is absent).</p>;
  const facts = [
    tasks.list ? 'lists tasks' : 'does not list tasks (only tasks started or watched here are shown)',
    tasks.cancel ? 'cancels tasks' : 'cannot cancel tasks',
    tasks.requests?.tools?.call ? 'runs tools/call as tasks' : 'does not run tools as tasks',
  ];
  return <p className="muted">Tasks: {facts.join(' · ')}</p>;
}

/** Characters of the server's instructions drawn at first (the rest can be copied). */
const INSTRUCTIONS_SHOWN = 20_000;

/** The notification stream: requested at connect, then confirmed (or refused) when the server answers it. */
function StreamState({ session }: { session: McpSession }) {
  const [settled, setSettled] = useState<{ session: McpSession; stream: NotificationStream }>();
  useEffect(() => {
    let current = true;
    void session.notificationStream.then((stream) => current && setSettled({ session, stream }));
    return () => {
      current = false;
    };
  }, [session]);
  const stream = settled?.session === session ? settled.stream : undefined;
  const text =
    stream === undefined ? 'notification stream requested' : stream === 'open' ? 'notification stream open' : 'no notification stream';
  return <span className="muted"> · {text}</span>;
}

/** What the connected server said about itself at initialize. */
export function ServerInfo() {
  const session = useConnectionStore((s) => s.session);
  if (!session) return null;
  const info = session.serverInfo;
  return (
    <Region title="Server info" className="server-info-panel">
      <dl className="facts">
        <dt>Server</dt>
        <dd className="mono">{info ? clip(`${info.title ?? info.name} ${info.version}`, 200) : 'did not say'}</dd>
        <dt>Transport</dt>
        <dd>
          {session.via === 'stdio' ? 'stdio (local bridge)' : session.transport === 'sse' ? 'legacy SSE' : 'Streamable HTTP'}
          {session.via === 'bridge' ? ' through the local bridge' : null}
          {session.protocolVersion ? <span className="muted"> · protocol {session.protocolVersion}</span> : null}
          <StreamState session={session} />
        </dd>
        <dt>Capabilities</dt>
        <dd>
          <ul className="chips" aria-label="Server capabilities">
            {capabilityPaths(session.capabilities).map((p) => (
              <li key={p} className="chip mono">
                {p}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <TasksSupport capabilities={session.capabilities} />
      <Suspense fallback={null}>
        <OAuthInfo serverUrl={session.serverUrl} />
      </Suspense>
      {session.instructions ? (
        <details>
          <summary>Instructions</summary>
          <pre className="text-block">
            <LongMessage text={session.instructions} limit={INSTRUCTIONS_SHOWN} />
          </pre>
        </details>
      ) : null}
    </Region>
  );
}
