/**
 * The misbehaving server's tools: what each one breaks, and how calling it as a task sets that off. The server
 * that answers the protocol and carries the pushes is misbehaving.ts.
 */
import { randomUUID } from 'node:crypto';

export interface FakeTask {
  taskId: string;
  status: string;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: unknown;
  pollInterval?: number;
}

/**
 * How long slow_responses takes to answer. Longer than the fault test can take to reach its check on 2 busy cores
 * (it saw the answer already there twice with 30 s), so the check sees the request still hanging.
 */
export const SLOW_MS = 90_000;

export const MISBEHAVIOURS = {
  wrong_result_shape: 'completes, then tasks/result answers with content that is not an array',
  garbage_frames: 'sends non-JSON, non-JSON-RPC and array frames on the notification stream, then completes',
  megabyte_strings: 'a 1 MB statusMessage and a result of two 1 MB strings',
  status_regression: 'pushes completed, then working again with a newer timestamp',
  out_of_order: 'pushes step 3, then an older step 1, then step 3 twice, then completed',
  unknown_task_push: 'pushes a status for a task that was never created',
  bad_timestamps: 'pushes a task whose createdAt and lastUpdatedAt are not dates',
  absurd_ttl: 'creates tasks with ttl -5 and 1e20',
  big_page: 'makes tasks/list answer with 10,000 more tasks in one page',
  slow_responses: `its tasks/get and tasks/result take ${SLOW_MS / 1000} s to answer`,
  endless_pages: 'makes tasks/list hand out a new cursor on every page, with nothing on the pages after the first',
  hostile_markdown:
    'a result of markdown that is slow to parse, nested too deep to draw, with a remote image, a long valid document (360 elements, two slices), and 40,000 list lines',
  catastrophic_pattern: 'an outputSchema whose pattern backtracks catastrophically on its structuredContent',
  partly_invalid_blocks: 'a result whose content mixes valid blocks with a bad image, an unknown type and a text block without text',
  echo_credentials:
    'a result that echoes the Authorization and X-Api-Key headers it was called with: in text, as a key, in structuredContent',
} as const;

/** Output schemas of the misbehaving tools that declare one. */
export const OUTPUT_SCHEMAS: Partial<Record<Misbehaviour, unknown>> = {
  catastrophic_pattern: { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$' } }, required: ['word'] },
};
export type Misbehaviour = keyof typeof MISBEHAVIOURS;

export const iso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

interface TaskRecord {
  task: FakeTask;
  result: unknown;
  slow: boolean;
}

/** What the server keeps between requests; some tools change how later requests are answered. */
export interface MisbehavingState {
  tasks: Map<string, TaskRecord>;
  /** Set by big_page: tasks/list adds 10,000 tasks. */
  bigPage: boolean;
  /** Set by endless_pages: tasks/list never runs out of cursors. */
  endlessPages: boolean;
  /** The credentials of the latest request, for echo_credentials. */
  credentials: { authorization: string; apiKey: string };
}

/** How a tool reaches the clients: timers the server clears on close, and frames on every open event stream. */
export interface Outlet {
  later: (ms: number, fn: () => void) => void;
  frame: (data: string) => void;
  push: (task: FakeTask) => void;
}

/** Creates the task for a call of tool `kind` and schedules its misbehaviour. */
export function setOff(kind: Misbehaviour, state: MisbehavingState, { later, frame, push }: Outlet): FakeTask {
  const task: FakeTask = {
    taskId: `${kind}-${randomUUID().slice(0, 8)}`,
    status: 'working',
    statusMessage: MISBEHAVIOURS[kind],
    createdAt: iso(),
    lastUpdatedAt: iso(),
    ttl: 600_000,
    pollInterval: 1000,
  };
  const record = { task, result: text(`${kind} done`) as unknown, slow: kind === 'slow_responses' };
  state.tasks.set(task.taskId, record);
  const update = (patch: Partial<FakeTask>, offsetMs = 0) => {
    record.task = { ...record.task, ...patch, lastUpdatedAt: iso(offsetMs) };
    push(record.task);
  };
  switch (kind) {
    case 'wrong_result_shape':
      record.result = { content: 'not an array', weird: true };
      later(200, () => update({ status: 'completed' }));
      break;
    case 'garbage_frames':
      later(200, () => {
        frame('this is not json');
        frame('{"hello": "not json-rpc"}');
        frame('[1, 2, 3]');
        frame('{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"nothing":"useful"}}');
        update({ status: 'completed', statusMessage: 'completed after garbage' });
      });
      break;
    case 'hostile_markdown':
      record.result = {
        content: [
          { type: 'text', text: 'Before the hostile blocks.' },
          { type: 'resource', resource: { uri: 'mem://slow.md', mimeType: 'text/markdown', text: '*a'.repeat(32_000) } },
          { type: 'resource', resource: { uri: 'mem://deep.md', mimeType: 'text/markdown', text: `${'>'.repeat(300)} deep` } },
          {
            type: 'resource',
            resource: {
              uri: 'mem://image.md',
              mimeType: 'text/markdown',
              text: '# Tracked\n\n![pixel](https://tracker.invalid/pixel.png)',
            },
          },
          {
            type: 'resource',
            resource: {
              uri: 'mem://long.md',
              mimeType: 'text/markdown',
              text: Array.from({ length: 120 }, (_, i) => `**Step ${i}** see [the log](https://example.com/log/${i})`).join('\n\n'),
            },
          },
          { type: 'text', text: '- \n'.repeat(40_000) },
          { type: 'text', text: 'After the hostile blocks.' },
        ],
      };
      later(200, () => update({ status: 'completed' }));
      break;
    case 'catastrophic_pattern':
      record.result = { content: [{ type: 'text', text: 'a word' }], structuredContent: { word: `${'a'.repeat(40)}!` } };
      later(200, () => update({ status: 'completed' }));
      break;
    case 'echo_credentials': {
      const token = state.credentials.authorization.replace(/^Bearer\s+/i, '');
      record.result = {
        content: [{ type: 'text', text: `You called me with ${state.credentials.authorization} and key ${state.credentials.apiKey}` }],
        structuredContent: { token, [token || 'none']: 'the token as a key', apiKey: state.credentials.apiKey },
      };
      later(200, () => update({ status: 'completed' }));
      break;
    }
    case 'partly_invalid_blocks':
      record.result = {
        content: [
          { type: 'text', text: 'first valid block' },
          { type: 'image', mimeType: 'image/png', data: 'not base64 at all!' },
          { type: 'hologram', data: 'unknown block type' },
          { type: 'text' },
          { type: 'text', text: 'last valid block' },
        ],
      };
      later(200, () => update({ status: 'completed' }));
      break;
    case 'megabyte_strings':
      record.result = text('y'.repeat(1_000_000) + 'z'.repeat(1_000_000));
      later(200, () => update({ status: 'completed', statusMessage: 'x'.repeat(1_000_000) }));
      break;
    case 'status_regression':
      later(200, () => update({ status: 'completed', statusMessage: 'done' }));
      later(400, () => update({ status: 'working', statusMessage: 'working again?!' }, 1000));
      break;
    case 'out_of_order': {
      later(200, () => {
        const base = record.task;
        push({ ...base, statusMessage: 'step 3', lastUpdatedAt: iso(3000) });
        push({ ...base, statusMessage: 'step 1', lastUpdatedAt: iso(1000) });
        push({ ...base, statusMessage: 'step 3', lastUpdatedAt: iso(3000) });
        record.task = { ...base, status: 'completed', statusMessage: 'step 4: done', lastUpdatedAt: iso(4000) };
        push(record.task);
      });
      break;
    }
    case 'unknown_task_push':
      later(200, () => {
        push({
          taskId: `ghost-${randomUUID().slice(0, 8)}`,
          status: 'working',
          statusMessage: 'I was never created',
          createdAt: iso(-3_600_000),
          lastUpdatedAt: iso(),
          ttl: null,
        });
        update({ status: 'completed' });
      });
      break;
    case 'bad_timestamps':
      later(200, () => update({ status: 'completed', createdAt: 'yesterday-ish', statusMessage: 'bad dates' }));
      later(250, () => {
        record.task = { ...record.task, lastUpdatedAt: 'not a date' };
        push(record.task);
      });
      break;
    case 'absurd_ttl': {
      record.task.ttl = -5;
      const twin: FakeTask = { ...record.task, taskId: `${record.task.taskId}-huge`, ttl: 1e20 };
      state.tasks.set(twin.taskId, { task: twin, result: text('huge ttl'), slow: false });
      later(200, () => {
        push(twin);
        update({ status: 'completed' });
      });
      break;
    }
    case 'big_page':
      state.bigPage = true;
      later(200, () => update({ status: 'completed', statusMessage: 'tasks/list now returns 10,000 more' }));
      break;
    case 'slow_responses':
      later(200, () => update({ status: 'completed', statusMessage: 'done; its answers are slow' }));
      break;
    case 'endless_pages':
      state.endlessPages = true;
      later(200, () => update({ status: 'completed', statusMessage: 'tasks/list now pages forever' }));
      break;
  }
  return task;
}
