import { create } from 'zustand';

const KEY = 'taskdeck.prefs';

interface Prefs {
  /** Fetch and keep a result as soon as its task ends, since the server may purge it (the seed's advice). */
  autoFetch: boolean;
}

function read(): Prefs {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Prefs>;
    return { autoFetch: parsed.autoFetch !== false };
  } catch {
    return { autoFetch: true };
  }
}

interface PrefsState extends Prefs {
  autoFetchToggled: (on: boolean) => void;
}

export const usePrefsStore = create<PrefsState>()((set) => ({
  ...read(),
  autoFetchToggled: (autoFetch) => {
    try {
      localStorage.setItem(KEY, JSON.stringify({ autoFetch }));
    } catch {
      // preferences are a convenience
    }
    set({ autoFetch });
  },
}));
