import { useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { safeStem } from '../../lib/download-name';
import { secretsOf } from '../../mcp/client-secrets';
import { activeSlot, serversStore } from '../../mcp/servers-store';
import { behaviourStore } from '../../tasks/behaviour-store';
import { mcpKeys } from '../../tasks/keys';
import { heldResults } from '../../tasks/held-results';
import type { TaskEntry } from '../../tasks/task-cache';
import { messageOf } from '../../lib/errors';
import { openSessionView, sessionViewStore } from './session-view-store';
import { isSessionFileServer } from '../../tasks/session-file-id';

/** Every credential of the connection on screen: what the session file must never hold. */
function connectionSecrets(): string[] {
  const state = activeSlot(serversStore.getState()).store.getState();
  const secrets = [state.bearerToken.trim(), ...state.headers.map((h) => h.value), ...state.stdio.env.map((row) => row.value)];
  if (state.session) secrets.push(...secretsOf(state.session.client));
  return secrets.filter((s) => s !== '');
}

function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Export session (the server on screen, to a file) and Open session file (a file, shown read-only). */
export function SessionFileActions({ serverUrl }: { serverUrl: string }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const viewing = useStore(sessionViewStore, (s) => s.opened !== undefined);

  const onExport = async () => {
    setError(undefined);
    try {
      // The file's code is loaded when it is first needed, not with the page.
      const { buildSessionFile } = await import('./session-file');
      const log = activeSlot(serversStore.getState()).store.getState().log.getSnapshot();
      const results = await heldResults(queryClient, serverUrl);
      const text = buildSessionFile({
        serverUrl,
        tasks: queryClient.getQueryData<TaskEntry[]>(mcpKeys.tasks(serverUrl)) ?? [],
        results,
        behaviour: behaviourStore.getState().byServer[serverUrl],
        log,
        secrets: connectionSecrets(),
      });
      const host = (() => {
        try {
          return new URL(serverUrl).host;
        } catch {
          return 'server';
        }
      })();
      download(text, `taskdeck-session-${safeStem(host, 'server')}-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.json`);
    } catch (e) {
      setError(`Could not export the session: ${messageOf(e)}`);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    const { MAX_SESSION_FILE_BYTES, parseSessionFile } = await import('./session-file');
    if (file.size > MAX_SESSION_FILE_BYTES) {
      setError(`Could not open ${file.name}: it is larger than ${MAX_SESSION_FILE_BYTES / 1024 / 1024} MB.`);
      return;
    }
    try {
      const parsed = parseSessionFile(await file.text());
      openSessionView(queryClient, file.name, parsed);
    } catch (e) {
      setError(`Could not open ${file.name}: ${messageOf(e)}`);
    }
  };

  return (
    <div className="session-file-actions">
      <button
        type="button"
        className="button small"
        onClick={() => void onExport()}
        disabled={viewing || isSessionFileServer(serverUrl)}
        title="One file with this server's tasks, results, behaviour and protocol log; credentials redacted"
      >
        Export session
      </button>
      <button type="button" className="button small" onClick={() => input.current?.click()}>
        Open session file
      </button>
      <input ref={input} type="file" accept=".json,application/json" hidden aria-label="Session file" onChange={(e) => void onFile(e)} />
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
