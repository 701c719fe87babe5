import { createStore } from 'zustand/vanilla';
import { persist } from 'zustand/middleware';
import { isRecord, persistOptions } from '../lib/persisted';

/** The bottom drawer's tabs, in their order. */
export const DRAWER_TABS = ['Protocol log', 'Server behaviour', 'Server info', 'Local process'] as const;
export type DrawerTab = (typeof DRAWER_TABS)[number];

/** Each resizable pane's size, in percent, and the range a drag or a key can take it to. */
export const PANE_LIMITS = {
  /** The task list's share of the workbench's width. */
  list: { min: 30, max: 75, initial: 60 },
  /** Task details' share of the detail column's height (the result has the rest). */
  details: { min: 15, max: 85, initial: 55 },
  /** The open drawer's share of the window's height. */
  drawer: { min: 12, max: 70, initial: 32 },
} as const;
export type Pane = keyof typeof PANE_LIMITS;

export function clampPane(pane: Pane, value: number): number {
  const { min, max } = PANE_LIMITS[pane];
  return Math.round(Math.min(max, Math.max(min, value)));
}

interface Remembered {
  sizes: Record<Pane, number>;
  drawerOpen: boolean;
  drawerTab: DrawerTab;
}

interface LayoutState extends Remembered {
  /** The Run tool panel is open (not remembered: a new visit starts on the list). */
  runToolOpen: boolean;
  paneResized: (pane: Pane, value: number) => void;
  drawerTabChosen: (tab: DrawerTab) => void;
  drawerToggled: (open: boolean) => void;
  runToolOpened: () => void;
  runToolClosed: () => void;
}

const isDrawerTab = (value: unknown): value is DrawerTab => (DRAWER_TABS as readonly unknown[]).includes(value);

/** The usable part of a stored layout: a size out of range is brought into it, anything else unknown is dropped. */
function checkLayout(stored: unknown): Partial<LayoutState> {
  if (!isRecord(stored)) return {};
  const sizes: Record<Pane, number> = {
    list: PANE_LIMITS.list.initial,
    details: PANE_LIMITS.details.initial,
    drawer: PANE_LIMITS.drawer.initial,
  };
  if (isRecord(stored.sizes)) {
    for (const pane of Object.keys(sizes) as Pane[]) {
      const value = stored.sizes[pane];
      if (typeof value === 'number' && Number.isFinite(value)) sizes[pane] = clampPane(pane, value);
    }
  }
  return {
    sizes,
    ...(typeof stored.drawerOpen === 'boolean' && { drawerOpen: stored.drawerOpen }),
    ...(isDrawerTab(stored.drawerTab) && { drawerTab: stored.drawerTab }),
  };
}

/** Where the workbench's panes are and how big: remembered in this browser (nothing secret in it). */
export const layoutStore = createStore<LayoutState>()(
  persist(
    (set) => ({
      sizes: { list: PANE_LIMITS.list.initial, details: PANE_LIMITS.details.initial, drawer: PANE_LIMITS.drawer.initial },
      drawerOpen: false,
      drawerTab: 'Protocol log',
      runToolOpen: false,
      paneResized: (pane, value) => set((s) => ({ sizes: { ...s.sizes, [pane]: clampPane(pane, value) } })),
      drawerTabChosen: (drawerTab) => set({ drawerTab, drawerOpen: true }),
      drawerToggled: (drawerOpen) => set({ drawerOpen }),
      runToolOpened: () => set({ runToolOpen: true }),
      runToolClosed: () => set({ runToolOpen: false }),
    }),
    persistOptions<LayoutState, Remembered>({
      key: 'taskdeck.layout',
      storage: 'local',
      version: 1,
      pick: ({ sizes, drawerOpen, drawerTab }) => ({ sizes, drawerOpen, drawerTab }),
      migrate: (stored) => stored,
      check: checkLayout,
    }),
  ),
);
