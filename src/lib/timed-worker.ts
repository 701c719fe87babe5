/**
 * Work on server data that may take unbounded time (a parser, a regular expression from a schema) runs in a worker
 * with a time limit. Each job has a worker to itself while it runs, and its clock starts when that worker begins it
 * (not while a new worker loads, which a busy machine makes slow): a job over its limit has its worker stopped, and
 * the jobs behind it are not affected. The main thread never waits.
 */
type TimedAnswer<R> = { done: true; value: R } | { done: false; reason: string };

export interface TimedWorker<M, R> {
  run: (message: M, limitMs: number) => Promise<TimedAnswer<R>>;
}

/** Workers running at once; more jobs wait in line. */
const MAX_WORKERS = 2;
/** A worker that has not begun its job after this long (it could not load) is given up on. */
const START_LIMIT_MS = 30_000;

type WorkerMessage<R> = { started: true } | { value: R };

interface Job<M, R> {
  message: M;
  limitMs: number;
  answer: (answer: TimedAnswer<R>) => void;
}

export function timedWorker<M, R>(create: () => Worker): TimedWorker<M, R> {
  const idle: Worker[] = [];
  const queue: Array<Job<M, R>> = [];
  let running = 0;

  const next = () => {
    if (running >= MAX_WORKERS) return;
    const job = queue.shift();
    if (!job) return;
    running++;
    const worker = idle.pop() ?? create();
    let settled = false;
    const settle = (answer: TimedAnswer<R>, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.onmessage = null;
      worker.onerror = null;
      if (reusable && idle.length === 0) idle.push(worker);
      else worker.terminate();
      running--;
      job.answer(answer);
      next();
    };
    let timer = setTimeout(() => settle({ done: false, reason: 'the worker did not start' }, false), START_LIMIT_MS);
    worker.onmessage = (event: MessageEvent<WorkerMessage<R>>) => {
      if ('value' in event.data) {
        settle({ done: true, value: event.data.value }, true);
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => settle({ done: false, reason: `it took longer than ${job.limitMs / 1000} s` }, false), job.limitMs);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      settle({ done: false, reason: `the worker failed${event.message ? `: ${event.message}` : ''}` }, false);
    };
    worker.postMessage(job.message);
  };

  return {
    run: (message, limitMs) =>
      new Promise((answer) => {
        queue.push({ message, limitMs, answer });
        next();
      }),
  };
}

/** The worker side: answers each message with `handle`'s value. */
export function serveWorker<M, R>(
  scope: { onmessage: ((event: MessageEvent<M>) => void) | null; postMessage: (data: unknown) => void },
  handle: (message: M) => R,
): void {
  scope.onmessage = (event) => {
    scope.postMessage({ started: true });
    scope.postMessage({ value: handle(event.data) });
  };
}
