import { useDisplayPrefs, type ThemeChoice, type TimeFormat } from '../../components/display-prefs';

/** Theme, time style and notifications: small, always at hand, remembered. */
export function DisplaySettings({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  const theme = useDisplayPrefs((s) => s.theme);
  const timeFormat = useDisplayPrefs((s) => s.timeFormat);
  const toasts = useDisplayPrefs((s) => s.toasts);
  const { themeChosen, timeFormatChosen, toastsToggled } = useDisplayPrefs.getState();
  return (
    <div className="display-settings">
      <label className="inline-field">
        <span>Theme</span>
        <select value={theme} onChange={(e) => themeChosen(e.target.value as ThemeChoice)}>
          <option value="system">System</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
      <label className="inline-field">
        <span>Times</span>
        <select value={timeFormat} onChange={(e) => timeFormatChosen(e.target.value as TimeFormat)}>
          <option value="relative">Relative</option>
          <option value="absolute">Local time</option>
          <option value="utc">UTC</option>
        </select>
      </label>
      <label className="inline-field checkbox">
        <input type="checkbox" checked={toasts} onChange={(e) => toastsToggled(e.target.checked)} />
        <span>Notify when tasks end</span>
      </label>
      <button type="button" className="button small ghost" onClick={onShowShortcuts} aria-keyshortcuts="?">
        Keyboard shortcuts <kbd>?</kbd>
      </button>
    </div>
  );
}
