import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { Splitter } from '../components/Splitter';
import { PanelShown } from '../components/panel-shown';
import { DRAWER_TABS, layoutStore, PANE_LIMITS, type DrawerTab } from './layout-store';

const tabId = (tab: DrawerTab) => `drawer-tab-${tab.toLowerCase().replace(/\s+/g, '-')}`;
const panelId = (tab: DrawerTab) => `${tabId(tab)}-panel`;

/**
 * The bottom drawer, like a browser's developer tools: a row of tabs, and under it the chosen tab's panel, which can
 * be hidden (the tabs stay) and resized from its top edge. Every panel stays mounted, so a filter typed in the
 * protocol log survives a look at another tab; a hidden one is told so (PanelShown). `panels` omits a tab that has
 * nothing to show (Local process).
 */
export function Drawer({ panels }: { panels: Partial<Record<DrawerTab, ReactNode>> }) {
  const open = useStore(layoutStore, (s) => s.drawerOpen);
  const chosen = useStore(layoutStore, (s) => s.drawerTab);
  const size = useStore(layoutStore, (s) => s.sizes.drawer);
  const tabs = DRAWER_TABS.filter((t) => panels[t] !== undefined);
  const active = tabs.includes(chosen) ? chosen : (tabs[0] ?? 'Protocol log');
  const tabRefs = useRef(new Map<DrawerTab, HTMLButtonElement>());

  // Arrow keys move between tabs and show the one reached (the ARIA tabs pattern, automatic activation).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, at: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    let next: DrawerTab | undefined;
    if (delta !== 0) next = tabs[(at + delta + tabs.length) % tabs.length];
    else if (event.key === 'Home') next = tabs[0];
    else if (event.key === 'End') next = tabs[tabs.length - 1];
    if (!next) return;
    event.preventDefault();
    layoutStore.getState().drawerTabChosen(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <div className={`drawer ${open ? 'open' : 'closed'}`} id="drawer">
      {open ? (
        <Splitter
          label="Resize the drawer"
          orientation="horizontal"
          value={size}
          min={PANE_LIMITS.drawer.min}
          max={PANE_LIMITS.drawer.max}
          frame={() => document.querySelector<HTMLElement>('.app')}
          fromEnd
          onChange={(v) => layoutStore.getState().paneResized('drawer', v)}
          className="drawer-splitter"
        />
      ) : null}
      <div className="drawer-bar">
        <div role="tablist" aria-label="Server panels" className="drawer-tabs">
          {tabs.map((tab, at) => {
            const selected = tab === active;
            return (
              <button
                key={tab}
                ref={(el) => {
                  if (el) tabRefs.current.set(tab, el);
                  else tabRefs.current.delete(tab);
                }}
                type="button"
                role="tab"
                id={tabId(tab)}
                aria-selected={selected}
                aria-controls={panelId(tab)}
                tabIndex={selected ? 0 : -1}
                className="drawer-tab"
                onClick={() => layoutStore.getState().drawerTabChosen(tab)}
                onKeyDown={(e) => onTabKey(e, at)}
              >
                {tab}
              </button>
            );
          })}
        </div>
        <button
          type="button"
          className="button small drawer-toggle"
          aria-expanded={open}
          aria-controls={panelId(active)}
          onClick={() => layoutStore.getState().drawerToggled(!open)}
        >
          {open ? 'Hide drawer' : 'Show drawer'}
        </button>
      </div>
      {tabs.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          className="drawer-panel"
          hidden={!open || tab !== active}
        >
          {/* A hidden panel stays mounted but stops following a storm of changes (panel-shown.ts). */}
          <PanelShown.Provider value={open && tab === active}>{panels[tab]}</PanelShown.Provider>
        </div>
      ))}
    </div>
  );
}
