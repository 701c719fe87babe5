/** Cache identities of opened session files (shown read-only) start so; no server URL does. */
export const SESSION_FILE_PREFIX = 'session-file:';

/** Whether a cache identity is an opened session file's: nothing is fetched, started or cancelled for it. */
export function isSessionFileServer(serverUrl: string): boolean {
  return serverUrl.startsWith(SESSION_FILE_PREFIX);
}
