/** This machine's own names, in one place: who may use the bridge, which origins are the server's own. */

/** Loopback host names as a URL or a Host header writes them. */
export const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A socket's remote address that is this machine. */
export const LOOPBACK_PEERS: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether a `--host` to listen on is loopback only (IPv6 written with or without brackets, any 127.x.y.z). */
export function isLoopbackListenHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
