import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isRecord, persistOptions } from '../lib/persisted';
import type { TimeFormat } from '../lib/time';

export type { TimeFormat };

/** How the dashboard looks: remembered in localStorage (never anything secret). */
export type ThemeChoice = 'system' | 'light' | 'dark';

const THEMES: readonly unknown[] = ['system', 'light', 'dark'] satisfies ThemeChoice[];
const FORMATS: readonly unknown[] = ['relative', 'absolute', 'utc'] satisfies TimeFormat[];

interface DisplayPrefs {
  theme: ThemeChoice;
  timeFormat: TimeFormat;
  /** A toast when a task watched in this page ends. */
  toasts: boolean;
}

/** What is usable of a stored value; a field missing or not understood keeps its default. */
function checkDisplayPrefs(stored: unknown): Partial<DisplayPrefs> {
  if (!isRecord(stored)) return {};
  const { theme, timeFormat, toasts } = stored;
  return {
    ...(THEMES.includes(theme) && { theme: theme as ThemeChoice }),
    ...(FORMATS.includes(timeFormat) && { timeFormat: timeFormat as TimeFormat }),
    ...(toasts === false && { toasts: false }),
  };
}

interface DisplayPrefsState extends DisplayPrefs {
  themeChosen: (theme: ThemeChoice) => void;
  timeFormatChosen: (format: TimeFormat) => void;
  toastsToggled: (on: boolean) => void;
}

export const useDisplayPrefs = create<DisplayPrefsState>()(
  persist(
    (set) => ({
      theme: 'system',
      timeFormat: 'relative',
      toasts: true,
      themeChosen: (theme) => set({ theme }),
      timeFormatChosen: (timeFormat) => set({ timeFormat }),
      toastsToggled: (toasts) => set({ toasts }),
    }),
    persistOptions<DisplayPrefsState, DisplayPrefs>({
      key: 'taskdeck.display',
      storage: 'local',
      version: 1,
      pick: ({ theme, timeFormat, toasts }) => ({ theme, timeFormat, toasts }),
      // Version 0 stored the same fields, bare.
      migrate: (stored) => stored,
      check: checkDisplayPrefs,
    }),
  ),
);

/** Puts the chosen theme on <html> (`data-theme`); "system" leaves it to prefers-color-scheme. */
function applyTheme(theme: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
}

export function startThemeSync(): () => void {
  applyTheme(useDisplayPrefs.getState().theme);
  return useDisplayPrefs.subscribe((state, prev) => {
    if (state.theme !== prev.theme) applyTheme(state.theme);
  });
}
