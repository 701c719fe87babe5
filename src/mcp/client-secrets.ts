import type { TaskClient as Client } from './task-client';

/**
 * The credentials each open client sends (token, header values, and an OAuth sign-in's current tokens, which change
 * as they are refreshed): what its results must never keep or write out.
 */
const secretsByClient = new WeakMap<Client, () => readonly string[]>();

export function clientSecretsSet(client: Client, secrets: readonly string[], current: () => readonly string[] = () => []): void {
  secretsByClient.set(client, () => [...secrets, ...current()]);
}

export function secretsOf(client: Client): readonly string[] {
  return secretsByClient.get(client)?.() ?? [];
}
