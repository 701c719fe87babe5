import { mkdtempSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, serveStatic } from './static';

let dir: string;
let server: Server;
let origin: string;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(', ')}];\n`;
const html = `<!doctype html><html><head><title>Taskdeck</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taskdeck-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  // A precompressed copy that says which it is: the server must send it rather than compress on its own.
  writeFileSync(join(dir, 'assets', 'pre-Zz99.js'), script);
  writeFileSync(join(dir, 'assets', 'pre-Zz99.js.br'), brotliCompressSync(Buffer.from(`${script}// from the build\n`)));
  writeFileSync(join(dir, 'assets', 'tiny-Q1.css'), 'a{}');
  server = createServer((req, res) => void serveStatic(dir, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('static app files', () => {
  it('reads Accept-Encoding: brotli before gzip, q=0 refuses, * stands for the rest', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });

  it('sends a hashed asset in brotli or gzip as accepted, cached for a year, and as it is to a client that accepts neither', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('prefers the build’s precompressed copy, but not one older than the file', async () => {
    const pre = await get('/assets/pre-Zz99.js', { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(pre.body).toString()).toContain('// from the build');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'assets', 'pre-Zz99.js.br'), past, past);
    const fresh = await get('/assets/pre-Zz99.js', { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(fresh.body).toString()).toBe(script);
  });

  it('revalidates index.html (no-cache, ETag → 304) and sends it compressed with the app’s CSP', async () => {
    const first = await get('/', { 'Accept-Encoding': 'br' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(String(first.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(brotliDecompressSync(first.body).toString()).toBe(html);
    const etag = String(first.headers['etag']);
    const again = await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // A client route falls back to index.html, never cached as an asset would be.
    const route = await get('/assets/missing-123.js');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body.toString()).toBe(html);
  });

  it('leaves tiny files as they are, and answers HEAD with the headers only', async () => {
    const tiny = await get('/assets/tiny-Q1.css', { 'Accept-Encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('a{}');
    const head = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });
});
