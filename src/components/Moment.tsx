import { useDisplayPrefs } from './display-prefs';
import { describeMoment, formatMoment } from '../lib/time';

/** A server timestamp in the chosen style, with every other reading on hover. */
export function Moment({ iso, now }: { iso: string; now: number }) {
  const style = useDisplayPrefs((s) => s.timeFormat);
  const valid = !Number.isNaN(Date.parse(iso));
  return (
    <time dateTime={valid ? iso : undefined} title={describeMoment(iso, now)} className="moment">
      {formatMoment(iso, now, style)}
    </time>
  );
}
