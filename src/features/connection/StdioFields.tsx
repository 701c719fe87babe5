import { useEffect, useId, useState } from 'react';
import { configuredServers } from '../../mcp/bridge-client';
import { useConnectionStore } from './use-connection';

let nextEnvId = 1;

/**
 * The stdio transport's fields: the local bridge (the npm start server) starts the command. A server configured
 * there (`--server name=…`) is started by its name; environment values are secrets, kept in this tab's memory only.
 */
export function StdioFields({ disabled }: { disabled: boolean }) {
  const stdio = useConnectionStore((s) => s.stdio);
  const stdioEdited = useConnectionStore((s) => s.stdioEdited);
  const [configured, setConfigured] = useState<Array<{ name: string; command: string }>>([]);
  const listId = useId();
  useEffect(() => {
    let live = true;
    void configuredServers().then((servers) => live && setConfigured(servers));
    return () => {
      live = false;
    };
  }, []);
  const env = stdio.env;
  return (
    <>
      <label className="field grow">
        <span>Command</span>
        <input
          value={stdio.command}
          placeholder={configured[0]?.name ?? 'npx -y @modelcontextprotocol/server-everything stdio'}
          list={listId}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => stdioEdited({ command: e.target.value })}
          disabled={disabled}
        />
        <datalist id={listId}>
          {configured.map((s) => (
            <option key={s.name} value={s.name}>
              {s.command}
            </option>
          ))}
        </datalist>
      </label>
      <label className="field">
        <span>Arguments</span>
        <input
          value={stdio.args}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => stdioEdited({ args: e.target.value })}
          disabled={disabled}
        />
      </label>
      <label className="field">
        <span>Working directory</span>
        <input
          value={stdio.cwd}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => stdioEdited({ cwd: e.target.value })}
          disabled={disabled}
        />
      </label>
      <details className="headers-editor">
        <summary>Environment variables{env.length ? ` (${env.length})` : ''}</summary>
        <div className="headers-rows">
          {env.map((row, i) => (
            <div className="header-row" key={row.id}>
              <input
                aria-label={`Variable ${i + 1} name`}
                placeholder="API_KEY"
                value={row.name}
                disabled={disabled}
                spellCheck={false}
                onChange={(e) => stdioEdited({ env: env.map((r) => (r.id === row.id ? { ...r, name: e.target.value } : r)) })}
              />
              <input
                aria-label={`Variable ${i + 1} value`}
                type="password"
                placeholder="value"
                value={row.value}
                disabled={disabled}
                autoComplete="off"
                onChange={(e) => stdioEdited({ env: env.map((r) => (r.id === row.id ? { ...r, value: e.target.value } : r)) })}
              />
              <button
                type="button"
                className="button small"
                disabled={disabled}
                onClick={() => stdioEdited({ env: env.filter((r) => r.id !== row.id) })}
                aria-label={`Remove variable ${i + 1}`}
              >
                ✕
              </button>
            </div>
          ))}
          <button
            type="button"
            className="button small"
            disabled={disabled}
            onClick={() => stdioEdited({ env: [...env, { id: nextEnvId++, name: '', value: '' }] })}
          >
            Add variable
          </button>
          <p className="muted small">Kept in this tab&apos;s memory only; never put in the URL, storage or the protocol log.</p>
        </div>
      </details>
    </>
  );
}
