/** Human time formatting shared by every view. */

export function formatRelative(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '—';
  const seconds = Math.round((now - t) / 1000);
  const abs = Math.abs(seconds);
  const suffix = seconds >= 0 ? 'ago' : 'from now';
  if (abs < 5) return 'just now';
  if (abs < 60) return `${abs} s ${suffix}`;
  if (abs < 3600) return `${Math.round(abs / 60)} min ${suffix}`;
  if (abs < 86400) return `${Math.round(abs / 3600)} h ${suffix}`;
  return `${Math.round(abs / 86400)} d ${suffix}`;
}

/**
 * The browser's local reading of a moment, as Date's toLocaleString() gives it, with one formatter made once: each
 * toLocaleString() call sets up its own (about 20 µs), and every row of the task list reads its moment at each draw.
 */
let localFormat: Intl.DateTimeFormat | undefined;
function localString(t: number): string {
  localFormat ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return localFormat.format(t);
}

export function formatAbsolute(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? `invalid time (${iso || 'empty'})` : localString(t);
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  let s = Math.round(Math.abs(ms) / 1000);
  const sign = ms < 0 && s > 0 ? '-' : '';
  if (s < 60) return `${sign}${s} s`;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  return h > 0 ? `${sign}${h} h ${m} min` : `${sign}${m} min ${s} s`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** How moments are shown: chosen in Display settings. */
export type TimeFormat = 'relative' | 'absolute' | 'utc';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment in the chosen style: "12 s ago", "15:01:51" (local; with the date when not today), or UTC. */
export function formatMoment(iso: string, now: number, style: TimeFormat): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return style === 'relative' ? '—' : `invalid time (${iso || 'empty'})`;
  if (style === 'relative') return formatRelative(iso, now);
  const d = new Date(t);
  if (style === 'utc')
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
  const today = new Date(now);
  const sameDay = d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate();
  const clock = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return sameDay ? clock : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${clock}`;
}

/** Every reading of a moment at once, for the hover text: local, UTC and relative. */
export function describeMoment(iso: string, now?: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return `The server sent an unreadable time: ${iso || '(empty)'}`;
  const both = `${localString(t)} · ${formatMoment(iso, t, 'utc')}`;
  return now === undefined ? both : `${both} · ${formatRelative(iso, now)}`;
}

/** A short span of time, never negative: "350 ms", "2.4 s", "42 s", "1 min 5 s", "2 h 10 min". */
export function formatSpan(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const span = Math.max(0, ms);
  if (span < 1000) return `${Math.round(span)} ms`;
  if (span < 10_000) return `${(span / 1000).toFixed(1)} s`;
  return formatDuration(span);
}
