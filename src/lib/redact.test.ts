import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets, textMayHoldSecret } from './redact';

describe('redactSecrets', () => {
  it('redacts a secret wherever it occurs in strings, keys included, at any depth', () => {
    const token = 'tok-4c1b9e';
    const value = { a: `Bearer ${token}`, list: [1, { [token]: 'as a key', deep: [`x${token}y`] }], n: 3 };
    const out = redactSecrets(value, [token]);
    expect(JSON.stringify(out)).not.toContain(token);
    expect(out.a).toBe(`Bearer ${REDACTED}`);
    expect(Object.keys(out.list[1] as object)).toContain(REDACTED);
  });

  it('finds secrets with quotes and backslashes (they are escaped in JSON text)', () => {
    const secret = 'p"a\\ss';
    const out = redactSecrets({ echo: `you sent ${secret}` }, [secret]);
    expect(out.echo).toBe(`you sent ${REDACTED}`);
    expect(textMayHoldSecret(JSON.stringify({ echo: secret }), [secret])).toBe(true);
  });

  it('redacts a short secret only as a word of its own', () => {
    const out = redactSecrets({ a: 'abc', b: 'abcdef', abc: 1, c: ['abc', 'xabc', 'key abc.', '(abc) and abc'] }, ['abc']);
    expect(out).toEqual({
      a: REDACTED,
      b: 'abcdef',
      [REDACTED]: 1,
      c: [REDACTED, 'xabc', `key ${REDACTED}.`, `(${REDACTED}) and ${REDACTED}`],
    });
  });

  it('returns the very same value when there is nothing to redact', () => {
    const value = { a: ['x', { b: 'y' }] };
    expect(redactSecrets(value, ['secret-zzz'])).toBe(value);
    expect(redactSecrets(value, [])).toBe(value);
  });

  it('never leaves a secret of 4+ characters in any JSON value', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 12 }), fc.jsonValue(), (secret, base) => {
        const value = { base, echo: `<${secret}>`, nested: [{ [secret]: secret }] };
        const out = redactSecrets(value, [secret]);
        const strings: string[] = [];
        const walk = (v: unknown) => {
          if (typeof v === 'string') strings.push(v);
          else if (Array.isArray(v)) v.forEach(walk);
          else if (v && typeof v === 'object') {
            for (const [k, x] of Object.entries(v)) {
              strings.push(k);
              walk(x);
            }
          }
        };
        walk(out);
        // Redaction may create the secret only where REDACTED itself contains it.
        expect(strings.some((s) => s.includes(secret) && !REDACTED.includes(secret))).toBe(false);
      }),
    );
  });
});
