import { useStore } from 'zustand';
import { LongMessage } from '../../components/LongMessage';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Region } from '../../components/Region';
import type { McpSession } from '../../mcp/session';
import { useConnectionStore } from '../connection';
import { describeRequestError } from '../../mcp/errors';
import { startToolTask } from '../../tasks/api';
import { selectionStore } from '../../tasks/selection-store';
import { recordStartedTask } from '../../tasks/cache-writes';
import { toolsQueryOptions } from '../../tasks/tools-query';
import { SchemaFields, useSchemaAnswers } from '../../components/SchemaFields';
import { fieldsFromSchema, taskSupportOf } from '../../lib/schema-form';
import { unusedArguments } from '../../lib/schema-prefill';
import { runToolStore, type RunPrefill } from './run-tool-store';

export function RunToolPanel({ session }: { session: McpSession | null }) {
  const serverUrl = session?.serverUrl ?? '';
  const tools = useQuery(toolsQueryOptions(serverUrl, session?.client, Boolean(session?.capabilities.tools)));
  // The tool picked here, and the prefill (Re-run) it was picked after: a newer prefill picks its own tool.
  // A prefill already shown before this panel was (re)drawn is not applied again.
  const [choice, setChoice] = useState(() => ({ name: '', after: runToolStore.getState().shown }));
  const requested = useStore(runToolStore, (s) => s.prefill);
  const prefill = requested && requested.serverUrl === serverUrl && requested.nonce > choice.after ? requested : undefined;
  const toolName = prefill?.toolName ?? choice.name;
  const reconnecting = useConnectionStore((s) => s.status === 'Reconnecting');
  const list = tools.data ?? [];
  const tool = list.find((t) => t.name === toolName) ?? list[0];
  const missing = prefill && tool?.name !== prefill.toolName ? prefill : undefined;

  let body;
  if (!session) body = <p className="empty">{reconnecting ? 'Reconnecting to the server…' : 'Connect to a server to run its tools.'}</p>;
  else if (!session.capabilities.tools) body = <p className="empty">This server offers no tools.</p>;
  else if (tools.isPending) body = <p className="empty">Loading tools…</p>;
  else if (tools.isError) body = <p className="error-text">Could not list tools: {describeRequestError(tools.error, 'tools/list')}</p>;
  else if (!tool) body = <p className="empty">The server lists no tools.</p>;
  else
    body = (
      <>
        {missing ? (
          <p className="error-text" role="alert">
            The server no longer offers the tool <span className="mono">{missing.toolName}</span>: task{' '}
            <span className="mono">{missing.fromTaskId}</span> cannot be run again as it was. Pick another tool.
          </p>
        ) : null}
        <label className="field">
          <span>Tool</span>
          <select
            value={tool.name}
            onChange={(e) => setChoice({ name: e.target.value, after: runToolStore.getState().openRequest })}
            data-shortcut-target="tool"
            aria-keyshortcuts="R"
          >
            {list.map((t) => (
              <option key={t.name} value={t.name}>
                {t.title ?? t.name}
                {taskSupportOf(t) === 'forbidden' ? ' (no task support)' : ''}
              </option>
            ))}
          </select>
        </label>
        <ToolForm
          key={`${serverUrl}:${tool.name}:${prefill && !missing ? prefill.nonce : 0}`}
          session={session}
          tool={tool}
          prefill={missing ? undefined : prefill}
        />
      </>
    );
  return <Region title="Run tool">{body}</Region>;
}

function ToolForm({ session, tool, prefill }: { session: McpSession; tool: Tool; prefill: RunPrefill | undefined }) {
  const queryClient = useQueryClient();
  const taskSelected = useStore(selectionStore, (s) => s.taskSelected);
  const answers = useSchemaAnswers(tool.inputSchema, prefill?.arguments);
  const { idBase } = answers;
  const unused = prefill ? unusedArguments(fieldsFromSchema(tool.inputSchema), prefill.arguments) : [];
  // A form filled in for a Re-run comes into view with its first field focused, ready to edit.
  useEffect(() => {
    if (!prefill) return;
    runToolStore.getState().prefillShown(prefill.nonce);
    const first =
      document.getElementById(`${idBase}-0`) ?? document.querySelector<HTMLElement>(`[data-run-form="${idBase}"] [type="submit"]`);
    first?.scrollIntoView({ block: 'nearest' });
    first?.focus();
  }, [prefill, idBase]);
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
      recordStartedTask(queryClient, session.serverUrl, task, {
        generation: session.generation,
        toolName: tool.name,
        arguments: built.args,
      });
      taskSelected(task.taskId);
    } catch (error) {
      setFailure(describeRequestError(error, 'tools/call'));
    } finally {
      setStarting((n) => n - 1);
    }
  };

  return (
    <form className="tool-form" noValidate onSubmit={(e) => void onSubmit(e)} data-run-form={idBase}>
      {prefill ? (
        <p className="prefill-note" role="status">
          Filled in with the arguments of task <span className="mono">{prefill.fromTaskId}</span>: edit them, then Run as task.
          {unused.length > 0 ? (
            <span className="warning-text">
              {' '}
              Not in the tool&apos;s schema any more, so not sent: {unused.slice(0, 10).join(', ')}
              {unused.length > 10 ? ` and ${unused.length - 10} more` : ''}.
            </span>
          ) : null}
        </p>
      ) : null}
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
