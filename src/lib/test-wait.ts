/**
 * Options for `vi.waitFor`, whose own limit is 1 s of wall time: a busy 2-core machine can spend that compiling a
 * lazily imported module. Like testing-library's waits (src/test-setup.ts) it returns as soon as the state is there.
 */
export const WAIT = { timeout: 15_000 };
