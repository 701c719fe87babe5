// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutStore } from './layout-store';
import { openRunTool } from './RunToolSheet';
import { WAIT } from '../lib/test-wait';

afterEach(() => {
  layoutStore.getState().runToolClosed();
  document.body.replaceChildren();
});

/** The Run tool panel as the workbench draws it, with its form's Tool select once `withSelect`. */
function addSheet(withSelect: boolean): HTMLElement {
  const sheet = document.createElement('div');
  sheet.id = 'run-tool-sheet';
  sheet.tabIndex = -1;
  if (withSelect) {
    const select = document.createElement('select');
    select.dataset.shortcutTarget = 'tool';
    sheet.append(select);
  }
  document.body.append(sheet);
  return sheet;
}

const frames = (n: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  });

describe('r: focus on the Run tool panel', () => {
  it('pressed before the workbench is drawn: the Tool select takes focus once the panel appears', async () => {
    openRunTool();
    // The workbench's first commit comes a few frames later.
    await frames(4);
    const select = addSheet(true).querySelector('select');
    await vi.waitFor(() => expect(document.activeElement).toBe(select), WAIT);
  });

  it('the panel holds focus until its form arrives, and gives it up if the user moved focus meanwhile', async () => {
    const sheet = addSheet(false);
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    openRunTool();
    await vi.waitFor(() => expect(document.activeElement).toBe(sheet), WAIT);
    elsewhere.focus();
    await frames(3);
    const select = document.createElement('select');
    select.dataset.shortcutTarget = 'tool';
    sheet.append(select);
    await frames(3);
    expect(document.activeElement).toBe(elsewhere);
  });
});
