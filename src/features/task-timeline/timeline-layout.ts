/** The timeline chart's geometry and words, as plain functions: segments from history, the time scale, axis ticks. */
import { STATUS_LABELS, isTerminal, type DisplayStatus } from '../../tasks/status';
import { formatSpan } from '../../lib/time';
import { shortId, timeOf } from '../../tasks/task';
import { displayStatus, type TaskEntry } from '../../tasks/task-cache';

/** What a stretch of a bar shows: a status that lasted, or time before the dashboard first saw the task. */
type SegmentKind = 'working' | 'input_required' | 'unobserved';

export interface Segment {
  kind: SegmentKind;
  from: number;
  to: number;
}

export interface BarLayout {
  start: number;
  end: number;
  live: boolean;
  segments: Segment[];
  /** How the task ended (terminal status, then `expired` if it also expired); empty while live. */
  ends: DisplayStatus[];
}

const ENDING: ReadonlySet<DisplayStatus> = new Set(['completed', 'failed', 'cancelled', 'expired']);

function finite(...values: number[]): number {
  return values.find((v) => Number.isFinite(v)) ?? 0;
}

/** Where a task's bar starts and ends, without its segments (cheap enough to run over every task each second). */
function barSpan(
  entry: TaskEntry,
  now: number,
  shown: DisplayStatus = displayStatus(entry, now),
): Pick<BarLayout, 'start' | 'end' | 'live'> {
  const { task, history } = entry;
  // `now` only matters while the task is live (or to work out `shown`): a settled bar never changes with time.
  const live = !isTerminal(task.status) && shown !== 'expired';
  const firstSeen = history[0]?.at ?? entry.receivedAt;
  const lastSeen = history[history.length - 1]?.at ?? entry.receivedAt;
  const start = finite(timeOf(task.createdAt), firstSeen, now);
  const end = Math.max(start, live ? now : finite(timeOf(task.lastUpdatedAt), lastSeen, start));
  return { start, end, live };
}

/**
 * A task's bar: from createdAt to lastUpdatedAt (or `now` while live), split where its observed status changed.
 * Terminal statuses end the bar rather than fill it. Server times and local observation times are clamped into the
 * bar, so a skewed clock can shorten a segment but never draw one backwards or outside the bar.
 */
export function barLayout(entry: TaskEntry, now: number, shown: DisplayStatus = displayStatus(entry, now)): BarLayout {
  const { task, history } = entry;
  const { start, end, live } = barSpan(entry, now, shown);
  const clamp = (t: number) => Math.min(end, Math.max(start, t));
  const segments: Segment[] = [];
  const push = (kind: SegmentKind, from: number, to: number) => {
    const last = segments[segments.length - 1];
    if (to <= from) return;
    if (last && last.kind === kind) last.to = Math.max(last.to, to);
    else segments.push({ kind, from, to });
  };
  for (const [i, entry] of history.entries()) {
    const status = entry.status;
    if (ENDING.has(status)) {
      // First seen already ended: what happened before is unknown.
      if (i === 0) push('unobserved', start, end);
      break;
    }
    const from = i === 0 ? start : clamp(entry.at);
    const next = history[i + 1];
    const to = next ? clamp(next.at) : end;
    push(status === 'input_required' ? 'input_required' : 'working', Math.max(from, segments[segments.length - 1]?.to ?? start), to);
  }
  if (history.length === 0) push(live && task.status === 'input_required' ? 'input_required' : live ? 'working' : 'unobserved', start, end);
  const ends: DisplayStatus[] = [];
  if (isTerminal(task.status)) ends.push(task.status);
  if (shown === 'expired') ends.push('expired');
  return { start, end, live, segments, ends };
}

const SEGMENT_WORDS: Record<SegmentKind, string> = {
  working: STATUS_LABELS.working,
  input_required: STATUS_LABELS.input_required,
  unobserved: 'not observed',
};

export function segmentText(segment: Segment): string {
  return `${SEGMENT_WORDS[segment.kind]} ${formatSpan(segment.to - segment.from)}`;
}

/** The bar's accessible name: "3f2a9c1e countdown: working 2.1 s, completed". */
export function barLabel(entry: TaskEntry, bar: BarLayout): string {
  const parts = bar.segments.map(segmentText);
  if (bar.live) parts.push(`still ${STATUS_LABELS[entry.task.status]}`);
  parts.push(...bar.ends.map((s) => STATUS_LABELS[s]));
  const who = [shortId(entry.task.taskId), entry.toolName].filter(Boolean).join(' ');
  return `${who}: ${parts.join(', ')}`;
}

export interface Domain {
  start: number;
  end: number;
}

const MIN_SPAN = 1000;

/** The time span every bar fits in: the earliest start to the latest end (now, while any task is live). */
export function timeDomain(entries: readonly TaskEntry[], now: number): Domain {
  let start = Infinity;
  let end = -Infinity;
  for (const entry of entries) {
    const bar = barSpan(entry, now);
    if (bar.start < start) start = bar.start;
    if (bar.end > end) end = bar.end;
  }
  if (!Number.isFinite(start)) return { start: now - MIN_SPAN, end: now };
  return { start, end: Math.max(end, start + MIN_SPAN) };
}

/** Position of a time as a fraction of the domain, 0 to 1. */
export function scale(domain: Domain, t: number): number {
  const span = domain.end - domain.start;
  return span > 0 ? Math.min(1, Math.max(0, (t - domain.start) / span)) : 0;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEPS = [
  200,
  500,
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
];

/** Time since the domain's start, in the largest units that keep it exact: "0 s", "1.5 s", "2 min 30 s", "1 h". */
export function formatOffset(ms: number): string {
  if (ms < MINUTE) return `${Number((ms / SECOND).toFixed(1))} s`;
  const units: Array<[number, string]> = [
    [DAY, 'd'],
    [HOUR, 'h'],
    [MINUTE, 'min'],
    [SECOND, 's'],
  ];
  const parts: string[] = [];
  let rest = ms;
  for (const [size, name] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 && parts.length < 2) parts.push(`${n} ${name}`);
  }
  return parts.join(' ');
}

export interface Tick {
  /** Fraction of the axis, 0 to 1. */
  x: number;
  at: number;
  label: string;
}

/** Evenly spaced ticks at a round step, about one per `minGap` pixels of an axis `width` pixels wide. */
export function timeTicks(domain: Domain, width: number, minGap = 90): Tick[] {
  const span = domain.end - domain.start;
  const wanted = Math.max(1, Math.floor(width / minGap));
  const step = STEPS.find((s) => span / s <= wanted) ?? Math.ceil(span / wanted / DAY) * DAY;
  const ticks: Tick[] = [];
  for (let offset = 0; offset <= span; offset += step) {
    ticks.push({ x: offset / span, at: domain.start + offset, label: formatOffset(offset) });
  }
  return ticks;
}
