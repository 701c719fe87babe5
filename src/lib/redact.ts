/**
 * Keeps credentials the user entered (a bearer token, header values) out of everything the page shows, keeps or
 * writes out: the protocol log, kept results, Copy and Download. Works on values, not on their JSON text, so a
 * secret with a quote or a backslash is found too, and object keys are redacted like values. Pure.
 */
export const REDACTED = '[redacted]';

/**
 * Secrets this short would match inside ordinary words ("k3y" in "k3yboard"); they are redacted only as a whole
 * word: where no letter or digit touches them. Longer ones are redacted wherever they occur.
 */
const MIN_SUBSTRING_SECRET = 4;

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Replaces the occurrences of a short secret that stand as a word of their own. */
function redactWord(text: string, secret: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + secret.length)) {
    if (isWordChar(text[at - 1]) || isWordChar(text[at + secret.length])) continue;
    out += text.slice(from, at) + REDACTED;
    from = at + secret.length;
  }
  return from === 0 ? text : out + text.slice(from);
}

function redactString(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!out.includes(secret)) continue;
    out = secret.length >= MIN_SUBSTRING_SECRET ? out.split(secret).join(REDACTED) : redactWord(out, secret);
  }
  return out;
}

/** The value with every secret replaced; the very same value (no copy) when it held none. */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const usable = secrets.filter((s) => s.length > 0);
  if (usable.length === 0) return value;
  return redactValue(value, usable) as T;
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item: unknown) => {
      const next = redactValue(item, secrets);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const safeKey = redactString(key, secrets);
      const next = redactValue(item, secrets);
      if (safeKey !== key || next !== item) changed = true;
      // defineProperty: a key named __proto__ stays a plain key.
      Object.defineProperty(out, safeKey, { value: next, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : value;
  }
  return value;
}

/** Whether JSON text may hold a secret: it is looked for raw and as JSON escapes it (quotes, backslashes…). */
export function textMayHoldSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.some((secret) => secret.length > 0 && (text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1))));
}
