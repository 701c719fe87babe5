import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { sineWav, tinyPdf } from './media.js';
import { drawBarChart } from './png.js';
import type { TaskWork } from './tasks.js';

/** Tools whose results exercise every content type, structured output and large payloads. */

export const REPORT_OUTPUT_SCHEMA = {
  summary: z.string(),
  score: z.number().min(0).max(100),
  tags: z.array(z.string()),
};

export const MARKDOWN_REPORT = `# Weekly build report

The pipeline ran **42** jobs this week; *three* failed.

## Failures

| job | cause | retried |
| --- | --- | --- |
| \`lint\` | a stale cache | yes |
| \`e2e\` | a flaky selector | no |

1. Clear the cache
2. Pin the selector

\`\`\`ts
const ok = jobs.every((j) => j.status === 'passed');
\`\`\`

> Details live in [the dashboard](https://example.com/builds) and [a script link](javascript:alert('md'))
> (the second one must stay inert).

![a remote chart](https://example.com/chart.png)
`;

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length]!;
}

/** A deterministic payload of about `bytes` bytes in the given shape. */
export function bigPayload(bytes: number, shape: 'text' | 'json' | 'blocks'): CallToolResult {
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
  if (shape === 'text') {
    const line = 'The quick brown fox jumps over the lazy dog, again and again and again. ';
    return { content: [{ type: 'text', text: line.repeat(Math.max(1, Math.ceil(bytes / line.length))) }] };
  }
  if (shape === 'blocks') {
    const block = 'x'.repeat(1000);
    const count = Math.max(1, Math.ceil(bytes / 1030));
    return { content: Array.from({ length: count }, (_, i) => ({ type: 'text' as const, text: `#${i} ${block}` })) };
  }
  // The 100 names and 10 tag pairs are made once and shared by the rows (the JSON is the same as one object per
  // row, and a 50 MB payload is ready in a fifth of the time, so the bench times the dashboard, not this loop).
  const names = words.flatMap((_, a) => words.map((__, b) => `${pick(words, a)}-${pick(words, b)}`));
  const tags = words.map((_, a) => [pick(words, a), pick(words, a + 3)]);
  const count = Math.max(1, Math.ceil(bytes / 90));
  const rows = new Array<Record<string, unknown>>(count);
  for (let i = 0; i < count; i++)
    rows[i] = { id: i, name: names[(i % 10) * 10 + ((i * 7) % 10)], score: (i * 37) % 101, tags: tags[i % 10], ok: i % 3 !== 0 };
  return {
    content: [{ type: 'text', text: `A JSON payload of ${rows.length} rows (about ${(bytes / 1e6).toFixed(1)} MB) in structuredContent.` }],
    structuredContent: { rows },
  };
}

export function mixedContent(): CallToolResult {
  const png = drawBarChart([30, 70, 50, 90], 240, 120).toString('base64');
  return {
    content: [
      { type: 'text', text: 'Plain text, with a line break\nand a second line.', annotations: { audience: ['user'], priority: 0.9 } },
      { type: 'text', text: JSON.stringify({ kind: 'json-in-text', items: [1, 2, 3], nested: { ok: true } }) },
      { type: 'text', text: MARKDOWN_REPORT },
      { type: 'image', mimeType: 'image/png', data: png, annotations: { audience: ['assistant'], priority: 0.2 } },
      { type: 'audio', mimeType: 'audio/wav', data: sineWav().toString('base64') },
      {
        type: 'resource_link',
        uri: 'https://modelcontextprotocol.io/specification',
        name: 'MCP specification',
        mimeType: 'text/html',
        description: 'A link, never fetched',
      },
      { type: 'resource_link', uri: 'file:///etc/hosts', name: 'A local file', mimeType: 'text/plain' },
      {
        type: 'resource',
        resource: {
          uri: 'demo://notes/readme.md',
          mimeType: 'text/markdown',
          text: '## Embedded markdown\n\nWith a [link](https://example.com).',
        },
      },
      {
        type: 'resource',
        resource: { uri: 'demo://data/config.json', mimeType: 'application/json', text: '{"retries":3,"endpoints":["a","b"]}' },
      },
      { type: 'resource', resource: { uri: 'demo://images/chart.png', mimeType: 'image/png', blob: png } },
      {
        type: 'resource',
        resource: { uri: 'demo://docs/summary.pdf', mimeType: 'application/pdf', blob: tinyPdf('Taskdeck demo PDF').toString('base64') },
      },
      {
        type: 'resource',
        resource: {
          uri: 'demo://bin/blob.bin',
          mimeType: 'application/octet-stream',
          blob: Buffer.from('binary payload').toString('base64'),
        },
      },
    ],
    _meta: { 'taskdeck.demo/generatedBy': 'mixed_content' },
  };
}

export const structuredReport =
  (valid: boolean): TaskWork =>
  async (control) => {
    await control.report('Scoring');
    await control.sleep(300);
    const structuredContent = valid
      ? { summary: 'All checks passed', score: 97, tags: ['fast', 'green'] }
      : { summary: 'Score out of range and a tag that is not a string', score: 140, tags: ['ok', 7] };
    return {
      status: 'completed',
      statusMessage: valid ? 'Report ready' : 'Report ready (does not match its schema)',
      result: { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent },
    };
  };

/** Strings that try to run code or navigate away, in every place a server can put them. For XSS tests. */
export const HOSTILE = [
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss=\'img\'">',
  "<svg onload=\"window.__xss='svg'\"><script>window.__xss='svg-script'</script></svg>",
  "[click me](javascript:window.__xss='md-link')",
  "![pic](javascript:window.__xss='md-img')",
  '<a href="javascript:window.__xss=\'a\'">raw link</a>',
  '<iframe src="javascript:window.__xss=\'iframe\'"></iframe>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '"><script>alert(document.domain)</script>',
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
];

export function hostileContent(): CallToolResult {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="window.__xss=\'svg-img\'"><script>window.__xss=\'svg-img-script\'</script><rect width="40" height="40" fill="red"/></svg>',
  ).toString('base64');
  const joined = HOSTILE.join('\n\n');
  return {
    content: [
      { type: 'text', text: joined },
      { type: 'text', text: `# Hostile markdown\n\n${joined}\n\n- one\n- two` },
      { type: 'text', text: JSON.stringify({ html: HOSTILE[0], link: 'javascript:window.__xss=1' }) },
      { type: 'image', mimeType: 'image/svg+xml', data: svg },
      { type: 'image', mimeType: 'text/html', data: Buffer.from(HOSTILE[0]!).toString('base64') },
      { type: 'audio', mimeType: 'text/html', data: Buffer.from(HOSTILE[0]!).toString('base64') },
      { type: 'resource_link', uri: "javascript:window.__xss='resource-link'", name: HOSTILE[1]!, description: HOSTILE[2]! },
      { type: 'resource_link', uri: 'data:text/html,<script>window.__xss=1</script>', name: 'data link' },
      { type: 'resource', resource: { uri: 'evil://page.html', mimeType: 'text/html', text: `<html><body>${joined}</body></html>` } },
      { type: 'resource', resource: { uri: 'evil://page.md', mimeType: 'text/markdown', text: joined } },
      { type: 'resource', resource: { uri: 'evil://image.svg', mimeType: 'image/svg+xml', blob: svg } },
      { type: 'resource', resource: { uri: 'evil://page.html', mimeType: 'text/html', blob: Buffer.from(joined).toString('base64') } },
    ],
    structuredContent: { html: HOSTILE[0], payloads: HOSTILE },
    _meta: { [HOSTILE[1]!]: HOSTILE[2] },
  };
}
