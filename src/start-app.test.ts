// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { showBootStatus } from './early-connect';
import { appScripts, HANDSHAKE_WAIT_MS, startAppAfterFirstFrame } from './start-app';

/** The boot shell as index.html paints it, with the meta the build adds. */
function page(content = '/assets/rolldown-runtime-X1.js /assets/sdk-Y2.js /assets/index-Z3.js'): Document {
  const html = readFileSync('index.html', 'utf8').replace('<title>', `<meta name="taskdeck-app" content="${content}"><title>`);
  return new DOMParser().parseFromString(html, 'text/html');
}

/** A scheduler run by hand: frames and timers fire only when the test says so. */
function manual() {
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  return {
    frames,
    timers,
    schedule: {
      frame: (run: () => void) => void frames.push(run),
      timeout: (run: () => void, ms: number) => void timers.push({ run, ms }),
    },
    /** Runs the timers due by `ms` (each once), oldest first. */
    pass(ms: number) {
      const due = timers.filter((t) => t.ms <= ms);
      timers.splice(0, timers.length, ...timers.filter((t) => t.ms > ms));
      for (const timer of due) timer.run();
    },
  };
}

/** A loader that notes what it was asked to import. */
const record = (loaded: string[]) => (src: string) => {
  loaded.push(src);
  return Promise.resolve();
};

/** Lets promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('starting the app after the first frame', () => {
  it('reads only the page’s own /assets/ scripts from the meta, in order', () => {
    expect(appScripts(page())).toEqual(['/assets/rolldown-runtime-X1.js', '/assets/sdk-Y2.js', '/assets/index-Z3.js']);
    expect(appScripts(page('https://evil.test/a.js /assets/../x.js //evil.test/b.js /assets/ok-1.js javascript:alert(1)'))).toEqual([
      '/assets/ok-1.js',
    ]);
    expect(appScripts(new DOMParser().parseFromString('<p>dev</p>', 'text/html'))).toEqual([]);
  });

  it('imports nothing before the first frame, and every script once that frame has been drawn', async () => {
    const loaded: string[] = [];
    const clock = manual();
    const done = startAppAfterFirstFrame(page(), record(loaded), clock.schedule);
    await settle();
    expect(loaded).toEqual([]);
    expect(clock.frames).toHaveLength(1);
    // The frame's callback queues a task: the scripts come after the frame is drawn, not inside it.
    clock.frames[0]?.();
    expect(loaded).toEqual([]);
    clock.pass(0);
    expect(loaded).toEqual(['/assets/rolldown-runtime-X1.js', '/assets/sdk-Y2.js', '/assets/index-Z3.js']);
    expect(await done).toBe('started');
    // The fallback timer, firing later, imports nothing twice.
    clock.pass(Infinity);
    expect(loaded).toHaveLength(3);
  });

  it('starts anyway when no frame comes', async () => {
    const loaded: string[] = [];
    const clock = manual();
    const done = startAppAfterFirstFrame(page(), record(loaded), clock.schedule);
    clock.pass(999);
    expect(loaded).toEqual([]);
    clock.pass(1000);
    expect(await done).toBe('started');
    expect(loaded).toHaveLength(3);
  });

  it('starts at once in a hidden page, which draws no frames', async () => {
    const doc = page();
    Object.defineProperty(doc, 'visibilityState', { value: 'hidden' });
    const loaded: string[] = [];
    const clock = manual();
    expect(await startAppAfterFirstFrame(doc, record(loaded), clock.schedule)).toBe('started');
    expect(loaded).toHaveLength(3);
    expect(clock.frames).toHaveLength(0);
  });

  it('waits until the page is parsed', () => {
    const doc = page();
    let state: DocumentReadyState = 'loading';
    Object.defineProperty(doc, 'readyState', { get: () => state });
    const clock = manual();
    void startAppAfterFirstFrame(doc, record([]), clock.schedule);
    expect(clock.frames).toHaveLength(0);
    state = 'interactive';
    doc.dispatchEvent(new Event('readystatechange'));
    expect(clock.frames).toHaveLength(1);
    doc.dispatchEvent(new Event('readystatechange'));
    expect(clock.frames).toHaveLength(1);
  });

  it('after the frame, waits for the early handshake to end, or HANDSHAKE_WAIT_MS', async () => {
    for (const ends of ['handshake', 'bound', 'failed handshake'] as const) {
      const loaded: string[] = [];
      const clock = manual();
      let end: (ok: boolean) => void = () => {};
      const handshake = new Promise<void>((resolve, reject) => (end = (ok) => (ok ? resolve() : reject(new Error('refused')))));
      const done = startAppAfterFirstFrame(page(), record(loaded), clock.schedule, handshake);
      clock.frames[0]?.();
      clock.pass(0);
      await settle();
      expect(loaded, ends).toEqual([]);
      if (ends === 'bound') clock.pass(HANDSHAKE_WAIT_MS);
      else end(ends === 'handshake');
      expect(await done, ends).toBe('started');
      expect(loaded, ends).toHaveLength(3);
      // Whichever comes second imports nothing again.
      end(true);
      clock.pass(Infinity);
      await settle();
      expect(loaded, ends).toHaveLength(3);
    }
  });

  it('says in the boot shell, as text, when a script could not be loaded', async () => {
    const doc = page();
    const clock = manual();
    const done = startAppAfterFirstFrame(
      doc,
      (src) =>
        src.includes('index') ? Promise.reject(new TypeError('Failed to fetch dynamically imported module: <b>x</b>')) : Promise.resolve(),
      clock.schedule,
    );
    clock.pass(1000);
    expect(await done).toBe('failed');
    const note = doc.querySelector('.boot-note');
    expect(note?.getAttribute('role')).toBe('alert');
    expect(note?.textContent).toBe(
      'The dashboard’s script could not be loaded (Failed to fetch dynamically imported module: <b>x</b>). Reload the page to try again.',
    );
    expect(doc.querySelector('b')).toBeNull();
  });

  it('on a failure, the early connection’s status goes, and a later status does not overwrite the message', async () => {
    const doc = page();
    showBootStatus(doc, 'Connecting', 'http://127.0.0.1:3000/mcp');
    expect(doc.querySelector('[role="status"]')).not.toBeNull();
    const clock = manual();
    const done = startAppAfterFirstFrame(doc, () => Promise.reject(new Error('offline')), clock.schedule);
    clock.pass(1000);
    expect(await done).toBe('failed');
    expect(doc.querySelector('[role="status"]')).toBeNull();
    showBootStatus(doc, 'Connected', 'http://127.0.0.1:3000/mcp');
    expect(doc.querySelector('[role="status"]')).toBeNull();
    expect(doc.querySelector('.boot-note')?.textContent).toContain('could not be loaded (offline)');
  });

  it('imports nothing on a page without the meta (npm run dev)', async () => {
    const clock = manual();
    const loaded: string[] = [];
    const done = startAppAfterFirstFrame(new DOMParser().parseFromString('<p>dev</p>', 'text/html'), record(loaded), clock.schedule);
    clock.pass(1000);
    expect(await done).toBe('none');
    expect(loaded).toEqual([]);
  });
});
