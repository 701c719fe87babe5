import { describe, expect, it } from 'vitest';
import { isLoopbackListenHost } from './loopback.js';

describe('isLoopbackListenHost', () => {
  it('knows every way to write loopback, and nothing else', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) expect(isLoopbackListenHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.2', '127.0.0.1.evil.example', 'localhost.example', '']) {
      expect(isLoopbackListenHost(host), host).toBe(false);
    }
  });
});
