// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTaskResult, summariseResult, TextBackedResult, type FetchedResult } from '../../tasks/result';
import { BLOCK_PAGE } from './PagedBlocks';
import { ParsedView } from './ParsedView';
import { ResultViewer } from './ResultViewer';

afterEach(cleanup);

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const SVG_WITH_SCRIPT = btoa('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

function show(raw: unknown, outputSchema?: unknown) {
  const result: FetchedResult = { taskId: 't', raw, parsed: parseTaskResult(raw), fetchedAt: 0, size: JSON.stringify(raw).length };
  return render(<ParsedView result={result} outputSchema={outputSchema} />);
}

/** Nothing in the rendered DOM can run code or navigate anywhere unsafe. */
function expectInert(container: HTMLElement) {
  expect(container.querySelectorAll('script, iframe, embed, foreignObject').length).toBe(0);
  for (const el of container.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames()) expect(attr.startsWith('on'), `${el.tagName} has ${attr}`).toBe(false);
  }
  for (const a of container.querySelectorAll('a[href]')) expect(a.getAttribute('href')).toMatch(/^(https?:|mailto:|blob:)/);
  for (const img of container.querySelectorAll('img')) expect(img.getAttribute('src')).toMatch(/^(data:image\/[a-z+.-]+;base64,|https:)/);
  for (const o of container.querySelectorAll('object')) expect(o.getAttribute('data')).toMatch(/^blob:/);
  for (const m of container.querySelectorAll('audio')) expect(m.getAttribute('src')).toMatch(/^data:audio\//);
}

describe('typed viewer, one content type at a time', () => {
  it('text: plain, JSON as a tree, markdown rendered', async () => {
    const { container } = show({
      content: [
        { type: 'text', text: 'plain words' },
        { type: 'text', text: '{"answer":42,"list":[1,2]}' },
        { type: 'text', text: '# Heading\n\n- item **bold**\n- [site](https://example.com)' },
      ],
    });
    expect(screen.getByText('plain words')).toBeTruthy();
    expect(container.querySelector('.json-tree')?.textContent).toContain('answer');
    expect(await screen.findByRole('heading', { name: 'Heading' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'site' }).getAttribute('href')).toBe('https://example.com/');
    expectInert(container);
  });

  it('image only for image MIME types; audio as a player', () => {
    const { container } = show({
      content: [
        { type: 'image', mimeType: 'image/png', data: PNG },
        { type: 'image', mimeType: 'text/html', data: PNG },
        { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
      ],
    });
    expect(screen.getByRole('img', { name: /image\/png/ })).toBeTruthy();
    expect(screen.getByText(/Image not shown/)).toBeTruthy();
    expect(container.querySelector('audio')).toBeTruthy();
    expectInert(container);
  });

  it('resource links: never fetched, clickable only for http(s)', () => {
    const { container } = show({
      content: [
        { type: 'resource_link', uri: 'https://example.com/doc', name: 'Doc' },
        { type: 'resource_link', uri: 'javascript:alert(1)', name: 'Evil' },
        { type: 'resource_link', uri: 'file:///etc/passwd', name: 'File' },
      ],
    });
    expect(container.querySelectorAll('a[href]')).toHaveLength(1);
    expect(screen.getByText('javascript:alert(1)').tagName).toBe('SPAN');
    expectInert(container);
  });

  it('embedded resources: text by MIME type, blobs as image or download, PDF as a preview', () => {
    const { container } = show({
      content: [
        { type: 'resource', resource: { uri: 'x://a.json', mimeType: 'application/json', text: '{"k":"v"}' } },
        { type: 'resource', resource: { uri: 'x://a.html', mimeType: 'text/html', text: '<b onclick="x()">bold</b>' } },
        { type: 'resource', resource: { uri: 'x://a.png', mimeType: 'image/png', blob: PNG } },
        { type: 'resource', resource: { uri: 'x://a.bin', mimeType: 'application/octet-stream', blob: 'AAEC' } },
      ],
    });
    expect(container.querySelector('.json-tree')?.textContent).toContain('k');
    expect(screen.getByText('<b onclick="x()">bold</b>')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Embedded image/ })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Download' }).length).toBeGreaterThan(0);
    expectInert(container);
  });

  it('annotations and _meta are shown', () => {
    show({
      content: [{ type: 'text', text: 'x', annotations: { audience: ['user'], priority: 0.5 } }],
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } },
    });
    expect(screen.getByText('audience: user')).toBeTruthy();
    expect(screen.getByText('priority: 0.5')).toBeTruthy();
    expect(screen.getByText('_meta')).toBeTruthy();
  });

  it('structuredContent validated against the outputSchema, and isError shown as a failure', async () => {
    const schema = { type: 'object', properties: { score: { type: 'number', maximum: 100 } }, required: ['score'] };
    show({ content: [], structuredContent: { score: 140 }, isError: true }, schema);
    expect(screen.getByText(/reported an error/)).toBeTruthy();
    expect(await screen.findByText(/Does not match the tool/)).toBeTruthy();
    cleanup();
    show({ content: [], structuredContent: { score: 40 } }, schema);
    expect(await screen.findByText(/Valid against the tool/)).toBeTruthy();
  });

  it('other result types, "no result", and anything invalid as a tree with its errors', () => {
    show({ contents: [{ uri: 'r://1', text: 'resource text' }] });
    expect(screen.getByText('resource text')).toBeTruthy();
    cleanup();
    show({ action: 'decline' });
    expect(screen.getByText('decline')).toBeTruthy();
    cleanup();
    show({ taskId: 't', status: 'failed', result: null });
    expect(screen.getByText(/returned no result/)).toBeTruthy();
    cleanup();
    const { container } = show({ content: [{ type: 'text' }] });
    expect(screen.getByRole('alert').textContent).toMatch(/does not validate/);
    expect(container.querySelector('.json-tree')).toBeTruthy();
  });
});

describe('very many blocks or rows', () => {
  it('draws content blocks a page at a time, with a button for more', () => {
    const count = 20_000;
    const { container } = show({ content: Array.from({ length: count }, (_, i) => ({ type: 'text', text: `block number ${i}` })) });
    expect(container.querySelectorAll('.content-block')).toHaveLength(BLOCK_PAGE);
    expect(screen.getByText(`Showing ${BLOCK_PAGE} of ${count.toLocaleString()} content blocks.`, { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Show ${BLOCK_PAGE} more blocks` }));
    expect(container.querySelectorAll('.content-block')).toHaveLength(2 * BLOCK_PAGE);
    expect(screen.getByText(`block number ${2 * BLOCK_PAGE - 1}`)).toBeTruthy();
    expect(screen.queryByText(`block number ${2 * BLOCK_PAGE}`)).toBeNull();
  });

  it('the last page shows what is left, then no button', () => {
    const count = BLOCK_PAGE + 7;
    const { container } = show({ contents: Array.from({ length: count }, (_, i) => ({ uri: `demo://r/${i}`, text: `resource ${i}` })) });
    expect(container.querySelectorAll('.content-block')).toHaveLength(BLOCK_PAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Show 7 more blocks' }));
    expect(container.querySelectorAll('.content-block')).toHaveLength(count);
    expect(screen.queryByRole('button', { name: /more blocks/ })).toBeNull();
  });

  it('a JSON array of half a million rows shows its length and its first hundred', () => {
    const rows = Array.from({ length: 500_000 }, (_, i) => ({ id: i }));
    const { container } = show({ content: [], structuredContent: { rows } });
    expect(container.textContent).toContain('rows [500000]');
    expect(screen.getByRole('button', { name: 'Show 100 more of 499900' })).toBeTruthy();
  });
});

describe('a large result held back behind its size', () => {
  it('shows its outline and the start of its text at once, parses only when asked, then draws it', async () => {
    const value = {
      content: [{ type: 'text', text: `First line of a long report. ${'filler '.repeat(300_000)}` }],
      structuredContent: { rows: Array.from({ length: 1000 }, (_, i) => i) },
    };
    const text = JSON.stringify(value);
    const result = new TextBackedResult('t', text, summariseResult(parseTaskResult(value)), 0, text.length);
    const { container } = render(<ResultViewer result={result} />);
    expect(screen.getByText(/not rendered until you ask/)).toBeTruthy();
    const outline = screen.getByLabelText('What this result holds');
    expect(outline.textContent).toContain('1 content block · structuredContent with 1 member');
    expect(outline.textContent).toContain('First line of a long report.');
    expect(outline.textContent).toContain('array of 1,000');
    expect(container.querySelector('.content-blocks')).toBeNull();
    expect(result.prepared).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Show content' }));
    await waitFor(() => expect(container.querySelector('.content-blocks')).not.toBeNull());
    expect(result.prepared).toBe(true);
    expect(container.querySelector('.structured .json-tree')?.textContent).toContain('rows [1000]');
  });
});

describe('hostile corpus: nothing executes', () => {
  const payloads = [
    '<script>window.__xss = true</script>',
    '<img src=x onerror="window.__xss=true">',
    '<svg onload="window.__xss=true"></svg>',
    '[click](javascript:window.__xss=true)',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![img](javascript:window.__xss=true)',
    '![img](http://insecure.example/x.png)',
    '<a href="javascript:window.__xss=true">a</a>\n\n# title',
    '<iframe src="https://evil.example"></iframe>\n\n- list\n- items',
    '[vb](vbscript:msgbox) and [js2](JaVaScRiPt:alert(1)) and **bold**',
  ];

  it.each(payloads)('%s', async (payload) => {
    const { container } = show({
      content: [
        { type: 'text', text: payload },
        { type: 'text', text: `# Heading\n\n${payload}\n\n- a\n- b` },
        { type: 'image', mimeType: 'image/svg+xml', data: SVG_WITH_SCRIPT },
        { type: 'resource_link', uri: 'javascript:window.__xss=true', name: payload },
        { type: 'resource', resource: { uri: 'x://h', mimeType: 'text/markdown', text: payload } },
        { type: 'resource', resource: { uri: 'x://s', mimeType: 'image/svg+xml', blob: SVG_WITH_SCRIPT } },
      ],
      structuredContent: { html: payload },
    });
    await waitFor(() => expect(container.querySelector('.markdown')).toBeTruthy());
    expectInert(container);
    expect((window as unknown as { __xss?: boolean }).__xss).toBeUndefined();
  });
});
