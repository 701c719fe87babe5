/**
 * The official 2026-07-28 tasks schemas (`@modelcontextprotocol/ext-tasks`, generated from the specification) as a
 * second judge of what a server sends, beside the rules in `wire.ts`: a task whose fields have the wrong shape
 * (a `createdAt` that is no string, a `ttlMs` that is no integer, an input request of an unknown kind, ...) is
 * reported in Server behaviour. Loaded with the rest of the 2026 client, only when a server needs it.
 */
import { CreateTaskResultV2Schema, DetailedTaskV2Schema } from '@modelcontextprotocol/ext-tasks/core/v2';
import type { ModernTask } from './wire';

/** At most this many of a message's problems are named; the rest are counted. */
const NAMED_ISSUES = 3;
/** Issue text is built from the server's field names: each is cut to this length. */
const ISSUE_CHARS = 160;

interface Issue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

function describe(issue: Issue): string {
  const path = issue.path.map(String).join('.') || '(the task)';
  return `${path}: ${issue.message}`.slice(0, ISSUE_CHARS);
}

/**
 * What the official schema finds wrong with a task from `where` (`tools/call` for a created task, else tasks/get or
 * a push), in words; undefined when it matches. The inlined result is stood in for by an empty object: its presence
 * is checked here, its content by the result viewer, and a large result is not walked twice on the main thread.
 */
export function officialSchemaProblem(task: ModernTask, where: string): string | undefined {
  const envelope = task.result === undefined ? task : { ...task, result: {} };
  const checked =
    where === 'tools/call'
      ? CreateTaskResultV2Schema.safeParse({ ...envelope, resultType: 'task' })
      : DetailedTaskV2Schema.safeParse(envelope);
  if (checked.success) return undefined;
  const issues = checked.error.issues;
  const named = issues.slice(0, NAMED_ISSUES).map(describe).join('; ');
  const more = issues.length > NAMED_ISSUES ? ` (and ${issues.length - NAMED_ISSUES} more)` : '';
  return `${where} does not match the tasks extension's schema: ${named}${more}`;
}
