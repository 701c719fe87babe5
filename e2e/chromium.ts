import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags for Chromium in a sandboxed CI machine with a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Finds a Chromium: $CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own download.
 * Fails with a message that says how to get one.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but there is no file there.`);
    return fromEnv;
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  let bundled: string;
  try {
    bundled = chromium.executablePath();
  } catch {
    bundled = '';
  }
  if (bundled && existsSync(bundled)) return bundled;
  throw new Error(
    'No Chromium found for the browser tests. Install one (Debian: `sudo apt-get install -y chromium`), ' +
      'or run `npx playwright install chromium`, or point CHROMIUM_PATH at a Chromium binary.',
  );
}
