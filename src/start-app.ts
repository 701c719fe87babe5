/**
 * Starts the app's scripts once the boot shell has been painted. The built index.html names them in a meta element
 * (`taskdeck-app`) instead of loading them (vite.config.ts): on a 2-core machine their download and compiling took the
 * cores from the first paint, even when they were only preloaded. From a link to a server, the app also waits (a
 * little) for the early script's handshake, whose steps each need a moment of the main thread.
 *
 * `npm run dev` has no such meta: its index.html keeps its module script, and nothing is imported here.
 */

/** The meta element that names the app's scripts, in the order they are imported. */
const APP_SCRIPTS_META = 'taskdeck-app';

/** Past this, the app is started even if no frame came (a page opened in the background draws none). */
const NO_FRAME_MS = 1000;
/**
 * How long after the first frame the app waits for the early script's handshake (src/early-connect.ts) to end. The
 * app's compiling and running takes the main thread for about 400 ms on the bench machine, in tasks of over 100 ms,
 * and each of the handshake's three steps needs a moment of it between them. Without the wait the boot shell said
 * Connected later (median of 15 cold loads: 484 against 402 ms) and the dashboard's own came no sooner (891 against
 * 854 ms). From a loopback server the handshake ends well within this; from a far one the app starts up to this much
 * later than it could.
 */
export const HANDSHAKE_WAIT_MS = 250;

interface Scheduler {
  frame: (run: () => void) => void;
  timeout: (run: () => void, ms: number) => void;
}

/** The app's script addresses named by the page: only the server's own /assets/ files. */
export function appScripts(doc: Document): string[] {
  const listed = doc.querySelector(`meta[name="${APP_SCRIPTS_META}"]`)?.getAttribute('content') ?? '';
  return listed.split(/\s+/).filter((src) => /^\/assets\/[\w.-]+\.js$/.test(src));
}

/** Calls `run` once, after the first frame that shows the parsed page (or at once in a hidden page, which gets none). */
function afterFirstFrame(doc: Document, run: () => void, schedule: Scheduler): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const parsed = () => {
    if (doc.visibilityState === 'hidden') return once();
    // The frame's callbacks run before it is drawn; a task queued from one runs after.
    schedule.frame(() => schedule.timeout(once, 0));
    schedule.timeout(once, NO_FRAME_MS);
  };
  whenParsed(doc, parsed);
}

/** Calls `run` once the document is parsed: at once if it is (an async script may run before the body is parsed). */
export function whenParsed(doc: Document, run: () => void): void {
  if (doc.readyState !== 'loading') return run();
  const ready = () => {
    if (doc.readyState === 'loading') return;
    doc.removeEventListener('readystatechange', ready);
    run();
  };
  doc.addEventListener('readystatechange', ready);
}

/** What the boot shell says when the app's script could not be loaded (written as text). */
function showLoadFailure(doc: Document, error: unknown): void {
  const shell = doc.querySelector('.boot-shell');
  const note = shell?.querySelector('.boot-note');
  if (!shell || !note) return;
  // The early connection's status goes: the connection is of no use without the app, and it is ended.
  shell.setAttribute('data-load-failed', '');
  shell.querySelector('[role="status"]')?.closest('.connection-status-bar')?.remove();
  const reason = error instanceof Error ? error.message : String(error);
  note.textContent = `The dashboard’s script could not be loaded (${reason.slice(0, 200)}). Reload the page to try again.`;
  note.setAttribute('role', 'alert');
}

/**
 * Imports the page's app scripts after the first frame (read then: an async script may run before the page is parsed)
 * and, when the early script has a handshake under way, once it has ended or HANDSHAKE_WAIT_MS have passed. A failure
 * is said in the boot shell. Resolves to what happened.
 */
export function startAppAfterFirstFrame(
  doc: Document,
  load: (src: string) => Promise<unknown>,
  schedule: Scheduler,
  handshake?: Promise<unknown>,
): Promise<'started' | 'none' | 'failed'> {
  return new Promise((resolve) => {
    const start = () => {
      const scripts = appScripts(doc);
      if (scripts.length === 0) return resolve('none');
      // Each is imported at once: one that has arrived is run while the next is still on its way.
      Promise.all(scripts.map((src) => load(src))).then(
        () => resolve('started'),
        (error: unknown) => {
          showLoadFailure(doc, error);
          resolve('failed');
        },
      );
    };
    afterFirstFrame(
      doc,
      () => {
        if (!handshake) return start();
        let started = false;
        const once = () => {
          if (started) return;
          started = true;
          start();
        };
        handshake.then(once, once);
        schedule.timeout(once, HANDSHAKE_WAIT_MS);
      },
      schedule,
    );
  });
}
