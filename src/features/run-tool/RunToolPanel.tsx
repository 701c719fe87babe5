import { useStore } from 'zustand';
import { LongMessage } from '../../components/LongMessage';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Region } from '../../components/Region';
import type { McpSession } from '../../mcp/session';
import { useConnectionStore } from '../connection';
import { describeRequestError } from '../../mcp/errors';
import { startToolTask } from '../../tasks/api';
import { selectionStore } from '../../tasks/selection-store';
import { recordStartedTask } from '../../tasks/cache-writes';
import { toolsQueryOptions } from '../../tasks/tools-query';
import { SchemaFields, useSchemaAnswers } from '../../components/SchemaFields';
import { taskSupportOf } from '../../lib/schema-form';

export function RunToolPanel({ session }: { session: McpSession | null }) {
  const serverUrl = session?.serverUrl ?? '';
  const tools = useQuery(toolsQueryOptions(serverUrl, session?.client, Boolean(session?.capabilities.tools)));
  const [toolName, setToolName] = useState<string>('');
  const reconnecting = useConnectionStore((s) => s.status === 'Reconnecting');
  const list = tools.data ?? [];
  const tool = list.find((t) => t.name === toolName) ?? list[0];

  let body;
  if (!session) body = <p className="empty">{reconnecting ? 'Reconnecting to the server…' : 'Connect to a server to run its tools.'}</p>;
  else if (!session.capabilities.tools) body = <p className="empty">This server offers no tools.</p>;
  else if (tools.isPending) body = <p className="empty">Loading tools…</p>;
  else if (tools.isError) body = <p className="error-text">Could not list tools: {describeRequestError(tools.error, 'tools/list')}</p>;
  else if (!tool) body = <p className="empty">The server lists no tools.</p>;
  else
    body = (
      <>
        <label className="field">
          <span>Tool</span>
          <select value={tool.name} onChange={(e) => setToolName(e.target.value)} data-shortcut-target="tool" aria-keyshortcuts="R">
            {list.map((t) => (
              <option key={t.name} value={t.name}>
                {t.title ?? t.name}
                {taskSupportOf(t) === 'forbidden' ? ' (no task support)' : ''}
              </option>
            ))}
          </select>
        </label>
        <ToolForm key={`${serverUrl}:${tool.name}`} session={session} tool={tool} />
      </>
    );
  return <Region title="Run tool">{body}</Region>;
}

function ToolForm({ session, tool }: { session: McpSession; tool: Tool }) {
  const queryClient = useQueryClient();
  const taskSelected = useStore(selectionStore, (s) => s.taskSelected);
  const answers = useSchemaAnswers(tool.inputSchema);
  const [ttlError, setTtlError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [starting, setStarting] = useState(0);
  const [ttlSeconds, setTtlSeconds] = useState('');
  const support = taskSupportOf(tool);
  const tasksSupported = Boolean(session.capabilities.tasks?.requests?.tools?.call);
  const blocked = !tasksSupported
    ? 'This server cannot run tools as tasks (it declared no tasks.requests.tools.call).'
    : support === 'forbidden'
      ? `${tool.name} cannot run as a task (taskSupport is ${tool.execution?.taskSupport ?? 'absent, which means forbidden'}).`
      : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const built = answers.submit();
    const ttl = ttlSeconds.trim() === '' ? undefined : Number(ttlSeconds);
    // The form checks its own fields (noValidate), so the TTL input's min of 1 is checked here.
    const ttlValid = ttl === undefined || (Number.isFinite(ttl) && ttl >= 1);
    setTtlError(ttlValid ? undefined : 'Enter a duration of at least 1 s');
    if (!built.ok || !ttlValid) return;
    setFailure(undefined);
    setStarting((n) => n + 1);
    try {
      const task = await startToolTask(session.client, tool.name, built.args, ttl === undefined ? undefined : Math.round(ttl * 1000));
      recordStartedTask(queryClient, session.serverUrl, task, { generation: session.generation, toolName: tool.name });
      taskSelected(task.taskId);
    } catch (error) {
      setFailure(describeRequestError(error, 'tools/call'));
    } finally {
      setStarting((n) => n - 1);
    }
  };

  return (
    <form className="tool-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {tool.description ? (
        <p className="muted tool-description">
          <LongMessage text={tool.description} />
        </p>
      ) : null}
      <SchemaFields answers={answers} empty={<p className="muted">This tool takes no arguments.</p>} />
      <label className="field ttl-field">
        <span>
          Task TTL <span className="field-kind">in s</span>
        </span>
        <input
          type="number"
          min="1"
          step="any"
          value={ttlSeconds}
          placeholder="server default"
          onChange={(e) => setTtlSeconds(e.target.value)}
          aria-invalid={ttlError ? true : undefined}
        />
        {ttlError ? <small className="error-text">{ttlError}</small> : null}
      </label>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={blocked !== undefined}>
          Run as task
        </button>
        {starting > 0 ? <span className="muted">Starting…</span> : null}
      </div>
      {blocked ? <p className="muted">{blocked}</p> : null}
      {failure ? (
        <p className="error-text" role="alert">
          {failure}
        </p>
      ) : null}
    </form>
  );
}
