import { describe, expect, it } from 'vitest';
import { downloadBlobType, extensionFor, resourceFileName, resultFileName, safeStem } from './download-name';

describe('download names', () => {
  it('keep an allowed extension and save anything else as .bin', () => {
    expect(resourceFileName('file:///reports/q3.pdf', 'application/pdf')).toBe('q3.pdf');
    expect(resourceFileName('mem://page.html', 'text/html')).toBe('page.bin');
    expect(resourceFileName('mem://logo.svg', 'image/svg+xml')).toBe('logo.bin');
    expect(resourceFileName('mem://setup.exe', 'application/json')).toBe('setup.json');
    expect(resourceFileName('mem://tool', undefined)).toBe('tool.bin');
    expect(extensionFor('Image/PNG; charset=x')).toBe('png');
  });

  it('never carry a path, a control character, a leading dot or a reserved name', () => {
    expect(resourceFileName('file:///etc/..\\..\\passwd', 'text/plain')).toBe('passwd.txt');
    expect(resultFileName('../../evil\u0000\n.sh')).toBe('task-evil_.sh-result.json');
    expect(safeStem('...hidden')).toBe('hidden');
    expect(safeStem('CON')).toBe('download');
    expect(safeStem('')).toBe('download');
    expect(safeStem('x'.repeat(500))).toHaveLength(80);
    expect(resultFileName('a/b\\c:d*e')).toBe('task-a_b_c_d_e-result.json');
  });

  it('never makes a Blob the browser would run as a page', () => {
    expect(downloadBlobType('text/html')).toBe('application/octet-stream');
    expect(downloadBlobType('image/svg+xml')).toBe('application/octet-stream');
    expect(downloadBlobType('application/pdf')).toBe('application/pdf');
  });
});
