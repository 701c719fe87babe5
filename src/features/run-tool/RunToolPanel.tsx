import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Region } from '../../components/Region';
import type { McpSession } from '../../mcp/session';
import { useConnectionStore } from '../../components/use-connection';
import { describeRequestError } from '../../mcp/errors';
import { startToolTask } from '../../tasks/api';
import { mcpKeys } from '../../tasks/keys';
import { useSelectionStore } from '../../tasks/selection-store';
import { applyTaskUpdate, type TaskEntry } from '../../tasks/task-cache';
import { toolsQueryOptions } from '../../tasks/tools-query';
import { SchemaField } from '../../components/SchemaField';
import { buildArguments, fieldsFromSchema, initialValues, taskSupportOf, type FormValues } from '../../lib/schema-form';

const TTL_FIELD = '\u0000ttl';

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
  const taskSelected = useSelectionStore((s) => s.taskSelected);
  const fields = useMemo(() => fieldsFromSchema(tool.inputSchema), [tool.inputSchema]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
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
    const built = buildArguments(fields, values);
    const ttl = ttlSeconds.trim() === '' ? undefined : Number(ttlSeconds);
    if (!built.ok || (ttl !== undefined && !(Number.isFinite(ttl) && ttl > 0))) {
      setErrors({ ...(built.ok ? {} : built.errors), ...(ttl !== undefined && !(ttl > 0) && { [TTL_FIELD]: 'Enter a positive duration' }) });
      return;
    }
    setErrors({});
    setFailure(undefined);
    setStarting((n) => n + 1);
    try {
      const task = await startToolTask(session.client, tool.name, built.args, ttl === undefined ? undefined : Math.round(ttl * 1000));
      queryClient.setQueryData<TaskEntry[]>(mcpKeys.tasks(session.serverUrl), (old) =>
        applyTaskUpdate(old ?? [], task, { source: 'create', now: Date.now(), generation: session.generation, toolName: tool.name }).entries,
      );
      taskSelected(task.taskId);
    } catch (error) {
      setFailure(describeRequestError(error, 'tools/call'));
    } finally {
      setStarting((n) => n - 1);
    }
  };

  return (
    <form className="tool-form" onSubmit={(e) => void onSubmit(e)}>
      {tool.description ? <p className="muted tool-description">{tool.description}</p> : null}
      {fields.length === 0 ? <p className="muted">This tool takes no arguments.</p> : null}
      <div className="fields">
        {fields.map((field) => (
          <SchemaField
            key={field.name}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
          />
        ))}
      </div>
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
          aria-invalid={errors[TTL_FIELD] ? true : undefined}
        />
        {errors[TTL_FIELD] ? <small className="error-text">{errors[TTL_FIELD]}</small> : null}
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
