import { describe, expect, it } from 'vitest';
import { audioDataUrl, imageDataUrl, safeLinkHref } from './safe-url';

describe('URLs from server content', () => {
  it('builds data: URLs only for image MIME types and real base64', () => {
    expect(imageDataUrl('image/png', 'iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(imageDataUrl('text/html', 'PHNjcmlwdD4=')).toBeNull();
    expect(imageDataUrl('image/png', '"><script>alert(1)</script>')).toBeNull();
    expect(imageDataUrl('image/png;charset=x', 'AAAA')).toBeNull();
    expect(audioDataUrl('audio/wav', 'AAAA')).toBe('data:audio/wav;base64,AAAA');
    expect(audioDataUrl('image/png', 'AAAA')).toBeNull();
  });

  it('lets only http(s) links be clickable', () => {
    expect(safeLinkHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeLinkHref('javascript:alert(1)')).toBeNull();
    expect(safeLinkHref(' JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeLinkHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeLinkHref('file:///etc/passwd')).toBeNull();
    expect(safeLinkHref('not a url')).toBeNull();
  });
});
