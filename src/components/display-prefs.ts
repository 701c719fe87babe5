import { create } from 'zustand';

/** How the dashboard looks: remembered in localStorage (never anything secret). */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type TimeFormat = 'relative' | 'absolute' | 'utc';

const KEY = 'taskdeck.display';
const THEMES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const FORMATS: readonly TimeFormat[] = ['relative', 'absolute', 'utc'];

interface DisplayPrefs {
  theme: ThemeChoice;
  timeFormat: TimeFormat;
  /** A toast when a task watched in this page ends. */
  toasts: boolean;
}

function read(): DisplayPrefs {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Record<keyof DisplayPrefs, unknown>>;
    return {
      theme: THEMES.includes(parsed.theme as ThemeChoice) ? (parsed.theme as ThemeChoice) : 'system',
      timeFormat: FORMATS.includes(parsed.timeFormat as TimeFormat) ? (parsed.timeFormat as TimeFormat) : 'relative',
      toasts: parsed.toasts !== false,
    };
  } catch {
    return { theme: 'system', timeFormat: 'relative', toasts: true };
  }
}

interface DisplayPrefsState extends DisplayPrefs {
  themeChosen: (theme: ThemeChoice) => void;
  timeFormatChosen: (format: TimeFormat) => void;
  toastsToggled: (on: boolean) => void;
}

export const useDisplayPrefs = create<DisplayPrefsState>()((set, get) => {
  const save = (patch: Partial<DisplayPrefs>) => {
    set(patch);
    const { theme, timeFormat, toasts } = get();
    try {
      localStorage.setItem(KEY, JSON.stringify({ theme, timeFormat, toasts }));
    } catch {
      // preferences are a convenience
    }
  };
  return {
    ...read(),
    themeChosen: (theme) => save({ theme }),
    timeFormatChosen: (timeFormat) => save({ timeFormat }),
    toastsToggled: (toasts) => save({ toasts }),
  };
});

/** Puts the chosen theme on <html> (`data-theme`); "system" leaves it to prefers-color-scheme. */
export function applyTheme(theme: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
}

export function startThemeSync(): () => void {
  applyTheme(useDisplayPrefs.getState().theme);
  return useDisplayPrefs.subscribe((state, prev) => {
    if (state.theme !== prev.theme) applyTheme(state.theme);
  });
}
