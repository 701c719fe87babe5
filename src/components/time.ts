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

export function formatAbsolute(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? `invalid time (${iso || 'empty'})` : new Date(t).toLocaleString();
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
