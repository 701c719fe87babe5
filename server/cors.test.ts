import { describe, expect, it } from 'vitest';
import { startServer } from './app.js';
import { isAllowedOrigin, unsafeBinding } from './cors.js';

describe('isAllowedOrigin', () => {
  it('allows the server’s own port under any loopback name, and listed origins', () => {
    expect(isAllowedOrigin('http://127.0.0.1:3210', [], 3210)).toBe(true);
    expect(isAllowedOrigin('http://localhost:3210', [], 3210)).toBe(true);
    expect(isAllowedOrigin('http://[::1]:3210', [], 3210)).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', [], 3210)).toBe(false);
    expect(isAllowedOrigin('http://localhost:5173', ['http://localhost:5173'], 3210)).toBe(true);
    expect(isAllowedOrigin('https://evil.example', [], 3210)).toBe(false);
    expect(isAllowedOrigin('null', [], 3210)).toBe(false);
  });
});

describe('binding beyond loopback', () => {
  it('is refused without a token, allowed with one', () => {
    expect(unsafeBinding('127.0.0.1', undefined)).toBeUndefined();
    expect(unsafeBinding('::1', undefined)).toBeUndefined();
    expect(unsafeBinding('0.0.0.0', undefined)).toMatch(/TASKDECK_TOKEN/);
    expect(unsafeBinding('192.168.1.5', undefined)).toMatch(/without a token/);
    expect(unsafeBinding('0.0.0.0', 's3cret-token')).toBeUndefined();
  });

  it('startServer refuses to listen on every interface without a token', async () => {
    await expect(startServer({ port: 0, host: '0.0.0.0', app: 'none', root: process.cwd(), allowOrigins: [] })).rejects.toThrow(
      /without a token/,
    );
  });
});
