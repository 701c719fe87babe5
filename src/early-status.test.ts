// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { showBootStatus } from './early-connect';

/** The boot shell as index.html paints it. */
function shell(): Document {
  const html = readFileSync('index.html', 'utf8');
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the boot shell’s connection status', () => {
  it('says Connecting, then Connected, in an element named as the app’s own', () => {
    const doc = shell();
    expect(doc.querySelector('[role="status"]')).toBeNull();
    showBootStatus(doc, 'Connecting', 'http://127.0.0.1:3000/mcp');
    const status = doc.querySelector('[role="status"][aria-label="Connection status"]');
    expect(status?.textContent).toBe('Connecting');
    expect(status?.className).toBe('connection-status conn-connecting');
    showBootStatus(doc, 'Connected', 'http://127.0.0.1:3000/mcp');
    expect(doc.querySelectorAll('[role="status"]')).toHaveLength(1);
    expect(status?.textContent).toBe('Connected');
    expect(status?.querySelector('.dot')?.className).toBe('dot conn-connected');
    expect(doc.querySelector('.boot-note')?.textContent).toBe('Connected to http://127.0.0.1:3000/mcp. Starting the dashboard…');
  });

  it('writes the server’s address as text, never as markup', () => {
    const doc = shell();
    showBootStatus(doc, 'Connecting', 'http://x.test/<img src=x onerror=alert(1)>');
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.querySelector('.boot-note')?.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('does nothing once the app has replaced the shell', () => {
    const doc = shell();
    doc.querySelector('.boot-shell')?.remove();
    showBootStatus(doc, 'Connected', 'http://127.0.0.1:3000/mcp');
    expect(doc.querySelector('[role="status"]')).toBeNull();
  });
});
