import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TopLevelSpans } from './json-spans';
import { createParser } from 'eventsource-parser';
import { asStreamPush } from './push-split';
import { createOffloadHost, MAX_EXPECTED, PUSH_BATCH, type FromWorker } from './offload-host';
import { createOffloadParser, OFFLOADED_META_KEY, type ParserOutput } from './offload-parser';

const encode = (text: string) => new TextEncoder().encode(text);

/** Feeds `input` in chunks cut at the given byte offsets; returns what the parser emitted. */
function run(
  input: string,
  cuts: number[],
  options: { mode?: 'sse' | 'json'; threshold?: number; expect?: Array<string | number>; tasks?: boolean } = {},
): ParserOutput[] {
  const out: ParserOutput[] = [];
  const expected = new Set(options.expect ?? [1]);
  let n = 0;
  const parser = createOffloadParser({
    mode: options.mode ?? 'sse',
    threshold: options.threshold ?? 100,
    expects: (id) => expected.has(id),
    ...(options.tasks && { tasks: true, expecting: () => expected.size > 0 }),
    nextKey: () => `k${++n}`,
    emit: (o) => out.push(o),
  });
  const bytes = encode(input);
  let at = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < bytes.length)].sort((a, b) => a - b)) {
    parser.push(bytes.slice(at, cut));
    at = cut;
  }
  parser.push(bytes.slice(at));
  parser.end();
  return out;
}

const text = (out: ParserOutput[]) => out.map((o) => o.text).join('');
const big = (id: number | string, size = 500) =>
  JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'é'.repeat(size) }] } });

describe('the offload parser', () => {
  it('passes small events through with their fields, in order', () => {
    const input = 'id: 1\nevent: message\ndata: {"jsonrpc":"2.0","method":"x"}\n\n: comment\ndata: {"a":1}\n\n';
    const out = run(input, [5, 17, 40]);
    expect(out.every((o) => o.type === 'text')).toBe(true);
    expect(text(out)).toBe(input);
  });

  it('offloads a large result for the expected id: a stand-in with the same fields, the result as text', () => {
    const message = big(1);
    const out = run(`id: e7\ndata: ${message}\n\n`, [3, 200, 501]);
    expect(out).toHaveLength(1);
    const [o] = out;
    if (o?.type !== 'offloaded') throw new Error('not offloaded');
    expect(o.text).toBe(
      `id: e7\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { _meta: { [OFFLOADED_META_KEY]: 'k1' } } })}\n\n`,
    );
    expect(JSON.parse(o.payload.text)).toEqual((JSON.parse(message) as { result: unknown }).result);
    expect(o.payload).toMatchObject({
      id: 1,
      size: o.payload.text.length,
      messageSize: message.length,
      summary: { kind: 'call-tool', envelope: 'spec' },
    });
  });

  it('summarises an invalid large result with the reason, and leaves other ids, errors and notifications alone', () => {
    const invalid = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: 'x'.repeat(300) } });
    const [o] = run(`data: ${invalid}\n\n`, []);
    expect(o?.type === 'offloaded' && o.payload.summary.kind).toBe('invalid');
    for (const other of [
      big(2),
      JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x'.repeat(300) } }),
      JSON.stringify({ jsonrpc: '2.0', method: 'n', params: { x: 'y'.repeat(300) } }),
    ]) {
      const out = run(`data: ${other}\n\n`, [50]);
      expect(out.map((x) => x.type)).toEqual(['text']);
      expect(text(out)).toBe(`data: ${other}\n\n`);
    }
  });

  it('joins multi-line data and accepts CR and CRLF line ends, even split across chunks', () => {
    const message = big(1, 200);
    const half = message.length / 2;
    const input = `data: ${message.slice(0, half)}\r\ndata:${message.slice(half)}\r\r`;
    // A data line break inside a JSON string value would not be valid JSON, so break between tokens instead.
    const split = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'z'.repeat(200) }] } }).replace(
      ',"result"',
      '\n,"result"',
    );
    const input2 =
      split
        .split('\n')
        .map((l) => `data: ${l}`)
        .join('\r\n') + '\r\n\r\n';
    const out2 = run(input2, [input2.indexOf('\r') + 1]);
    expect(out2[0]?.type).toBe('offloaded');
    // The first input's halves cut a string in two: not JSON once joined with a newline, so it passes through.
    expect(run(input, [input.indexOf('\r') + 1]).map((o) => o.type)).toEqual(['text']);
  });

  it('in JSON mode offloads a large result body and passes anything else through', () => {
    const [o] = run(big(1), [10, 100], { mode: 'json' });
    expect(o?.type).toBe('offloaded');
    expect(o && JSON.parse(o.text)).toEqual({ jsonrpc: '2.0', id: 1, result: { _meta: { [OFFLOADED_META_KEY]: 'k1' } } });
    const batch = `[${big(1)}]`;
    expect(run(batch, [7], { mode: 'json' })).toEqual([{ type: 'text', text: batch }]);
  });

  it('re-emits any stream of small events exactly, however it is cut into chunks', () => {
    const line = fc.stringMatching(/^[a-z:{}" 0-9é]{0,30}$/);
    const event = fc
      .array(
        line.filter((l) => l !== ''),
        { minLength: 1, maxLength: 4 },
      )
      .map((ls) => `${ls.join('\n')}\n\n`);
    fc.assert(
      fc.property(fc.array(event, { maxLength: 6 }), fc.array(fc.nat(400), { maxLength: 8 }), (events, cuts) => {
        const input = events.join('');
        expect(text(run(input, cuts, { threshold: 1e9 }))).toBe(input);
      }),
    );
  });

  it('emits each event as soon as its blank line arrives, not when the stream ends', () => {
    const out: ParserOutput[] = [];
    const parser = createOffloadParser({
      mode: 'sse',
      threshold: 100,
      expects: (id) => id === 1,
      nextKey: () => 'k',
      emit: (o) => out.push(o),
    });
    parser.push(encode('data: {"jsonrpc":"2.0","method":"a"}\n'));
    expect(out).toEqual([]);
    parser.push(encode('\ndata: {"jsonrpc":"2.0","method":"b"}\r'));
    expect(text(out)).toBe('data: {"jsonrpc":"2.0","method":"a"}\n\n');
    // A CR that ends a chunk ends its line at once: the event is complete without waiting for a possible LF.
    parser.push(encode('\r'));
    expect(out).toHaveLength(2);
    parser.push(encode(`data: ${big(1)}\n\n`));
    expect(out.map((o) => o.type)).toEqual(['text', 'text', 'offloaded']);
  });

  it('on a long-lived stream, offloads an answer only once its id is expected, and leaves other ids alone', () => {
    const out: ParserOutput[] = [];
    const expected = new Set<string | number>();
    const parser = createOffloadParser({
      mode: 'sse',
      threshold: 100,
      expects: (id) => expected.has(id),
      expecting: () => expected.size > 0,
      nextKey: () => `k${out.length}`,
      emit: (o) => out.push(o),
    });
    const event = (id: number) => `event: message\ndata: ${big(id)}\n\n`;
    parser.push(encode(event(7)));
    expected.add(7);
    parser.push(encode(event(7)));
    parser.push(encode(event(8)));
    expect(out.map((o) => o.type)).toEqual(['text', 'offloaded', 'text']);
    expect(text(out.filter((o) => o.type === 'text'))).toBe(event(7) + event(8));
    expect(out[1]?.type === 'offloaded' && out[1].payload.id).toBe(7);
  });

  it('does not parse a large event while nothing is expected', () => {
    const asked: Array<string | number> = [];
    const out: ParserOutput[] = [];
    const parser = createOffloadParser({
      mode: 'sse',
      threshold: 100,
      expects: (id) => (asked.push(id), true),
      expecting: () => false,
      nextKey: () => 'k',
      emit: (o) => out.push(o),
    });
    parser.push(encode(`data: ${big(1)}\n\n`));
    expect(asked).toEqual([]);
    expect(text(out)).toBe(`data: ${big(1)}\n\n`);
  });

  it('passes on an event the stream cut short, as it came', () => {
    expect(text(run('data: {"a":1}\n\ndata: {"b"', [3]))).toBe('data: {"a":1}\n\ndata: {"b"');
  });
});

type HostOutput = Parameters<Parameters<typeof createOffloadHost>[0]>[0];

describe('the worker host', () => {
  it('on a stream that lives as long as the connection, expects ids as they come and forgets the oldest beyond its bound', () => {
    const out: HostOutput[] = [];
    const handle = createOffloadHost(
      (o) => out.push(o),
      () => 'k',
    );
    const send = (id: number) => handle({ type: 'chunk', stream: 1, bytes: encode(`data: ${big(id, 200_000)}\n\n`) });
    handle({ type: 'start', stream: 1, mode: 'sse', threshold: 100_000, expect: [] });
    for (let id = 0; id <= MAX_EXPECTED; id++) handle({ type: 'expect', stream: 1, id });
    send(0);
    send(MAX_EXPECTED);
    // Answered once: a second answer with the same id is not offloaded again.
    send(MAX_EXPECTED);
    handle({ type: 'end', stream: 1 });
    expect(out.map((o) => o.type)).toEqual(['text', 'offloaded', 'text', 'done']);
    expect(out[1]?.type === 'offloaded' && out[1].payload.id).toBe(MAX_EXPECTED);
  });

  it('ignores an expectation for a stream it does not know', () => {
    const out: HostOutput[] = [];
    const handle = createOffloadHost(
      (o) => out.push(o),
      () => 'k',
    );
    handle({ type: 'expect', stream: 9, id: 1 });
    expect(out).toEqual([]);
  });

  it('gives an offloaded text as a UTF-8 Blob once, then lets go of it', async () => {
    const out: HostOutput[] = [];
    let key = 0;
    const handle = createOffloadHost(
      (o) => out.push(o),
      () => `k${++key}`,
    );
    handle({ type: 'start', stream: 1, mode: 'json', threshold: 100, expect: [7] });
    const result = { content: [{ type: 'text', text: 'é'.repeat(300) }] };
    handle({ type: 'chunk', stream: 1, bytes: encode(JSON.stringify({ jsonrpc: '2.0', id: 7, result })) });
    handle({ type: 'end', stream: 1 });
    const offloaded = out.find((o) => o.type === 'offloaded');
    expect(offloaded?.type === 'offloaded' && offloaded.key).toBe('k1');
    handle({ type: 'blob', request: 1, key: 'k1' });
    handle({ type: 'blob', request: 2, key: 'k1' });
    handle({ type: 'blob', request: 3, key: 'unknown' });
    const blobs = out.filter((o) => o.type === 'blob');
    expect(blobs.map((b) => b.type === 'blob' && b.request)).toEqual([1, 2, 3]);
    const first = blobs[0]?.type === 'blob' ? blobs[0].blob : null;
    expect(first?.type).toBe('application/json');
    expect(JSON.parse(await first!.text())).toEqual(result);
    expect(first?.size).toBe(new TextEncoder().encode(JSON.stringify(result)).length);
    expect(blobs.slice(1).map((b) => b.type === 'blob' && b.blob)).toEqual([null, null]);
  });
});

describe('the offloaded text', () => {
  const parse = (data: string) => {
    const [o] = run(`data: ${data}\n\n`, [], { threshold: 10 });
    if (o?.type !== 'offloaded') throw new Error('not offloaded');
    return o.payload.text;
  };

  it('is the result cut out of the message as it came, whatever the order of its members', () => {
    const result = '{"content":[{"type":"text","text":"a \\" } ] \\\\"}],"structuredContent":{"x":[1,{"y":"}"}]}}';
    expect(parse(`{"jsonrpc":"2.0","id":1,"result":${result}}`)).toBe(result);
    expect(parse(`{"result":${result},"jsonrpc":"2.0","id":1}`)).toBe(result);
  });

  it('is serialised again when the message has a layout of its own or a duplicated member', () => {
    expect(parse('{ "jsonrpc": "2.0", "id": 1, "result": {"content": []} }')).toBe('{"content":[]}');
    // Two "result" members: JSON.parse keeps the last; the text must be that one, not both.
    expect(parse('{"jsonrpc":"2.0","id":1,"result":{"content":[]},"result":{"content":[{"type":"text","text":"b"}]}}')).toBe(
      '{"content":[{"type":"text","text":"b"}]}',
    );
  });
});

describe('the top-level spans', () => {
  // Strings full of the characters that fool a naive scan: quotes, backslashes (in runs) and brackets.
  const tricky = fc.stringMatching(/^[a-z"\\{}[\] é]{0,12}$/);
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, tricky, fc.integer(), fc.constant(null), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(tricky, tie('value'), { maxKeys: 4 }),
  })).value;

  it('finds where each container member of an object begins and ends, however the text is cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(tricky, json), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(300), { maxLength: 6 }),
        (members, cuts) => {
          // Written by hand, so each member's offsets are known (duplicate names included).
          let text = '{';
          const expected: Array<[number, number]> = [];
          members.forEach(([name, value], i) => {
            text += `${i ? ',' : ''}${JSON.stringify(name)}:`;
            const written = JSON.stringify(value);
            if (typeof value === 'object' && value !== null) expected.push([text.length, text.length + written.length - 1]);
            text += written;
          });
          text += '}';
          const spans = new TopLevelSpans();
          let at = 0;
          for (const cut of [...cuts, text.length].filter((c) => c <= text.length).sort((a, b) => a - b)) {
            spans.feed(text.slice(at, Math.max(at, cut)));
            at = Math.max(at, cut);
          }
          for (const [start, end] of expected) {
            expect(spans.has(start, end)).toBe(true);
            expect(spans.has(start, end - 1)).toBe(false);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives the offloaded text of any large result, cut anywhere, as the exact value JSON.parse keeps', () => {
    const message = fc.record({
      result: fc.record({ content: fc.constant([{ type: 'text', text: 'x'.repeat(120) }]), extra: json }),
      twice: fc.boolean(),
      shuffle: fc.boolean(),
    });
    fc.assert(
      fc.property(message, fc.array(fc.nat(400), { maxLength: 6 }), ({ result, twice, shuffle }, cuts) => {
        const body = JSON.stringify(result);
        const members = [`"jsonrpc":"2.0"`, `"id":1`, `"result":${body}`];
        if (shuffle) members.reverse();
        // A second "result" member first: JSON.parse keeps the last, so the text must be the last one alone.
        const data = `{${twice ? `"result":{"content":[]},` : ''}${members.join(',')}}`;
        const [o] = run(`data: ${data}\n\n`, cuts, { threshold: 10 });
        if (o?.type !== 'offloaded') throw new Error('not offloaded');
        expect(JSON.parse(o.payload.text)).toEqual(result);
        if (!twice) expect(o.payload.text).toBe(body);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the offload parser, MCP 2026-07-28 (results inlined in tasks)', () => {
  const inner = { resultType: 'complete', content: [{ type: 'text', text: 'é'.repeat(500) }] };
  const task = { taskId: 't1', status: 'completed', createdAt: 'a', lastUpdatedAt: 'b', ttlMs: null };

  it('offloads the result inside an expected tasks/get answer, keeping the task around a stand-in', () => {
    const message = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { resultType: 'complete', ...task, result: inner } });
    const out = run(message, [9, 300], { mode: 'json', expect: [7], tasks: true });
    const [o] = out;
    if (o?.type !== 'offloaded') throw new Error('not offloaded');
    expect(JSON.parse(o.text)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { resultType: 'complete', ...task, result: { _meta: { [OFFLOADED_META_KEY]: 'k1' } } },
    });
    expect(JSON.parse(o.payload.text)).toEqual(inner);
    expect(o.payload.summary).toMatchObject({ kind: 'call-tool', relatedTaskId: 't1' });
  });

  it('offloads the result inside a notifications/tasks push on a listen stream that expects no id', () => {
    const push = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tasks', params: { ...task, result: inner } });
    const out = run(`data: ${push}\n\n`, [40], { expect: [], tasks: true });
    const [o] = out;
    if (o?.type !== 'offloaded') throw new Error('not offloaded');
    expect(o.text).toContain('"method":"notifications/tasks"');
    expect(o.text).toContain(OFFLOADED_META_KEY);
    expect(JSON.parse(o.payload.text)).toEqual(inner);
  });

  it('passes a large answer to an id not expected, and a large task without a result, through as they came', () => {
    const other = JSON.stringify({ jsonrpc: '2.0', id: 8, result: { ...task, result: inner } });
    expect(run(other, [], { mode: 'json', expect: [7], tasks: true })).toEqual([{ type: 'text', text: other }]);
    const noResult = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { ...task, statusMessage: 'x'.repeat(500) } });
    expect(run(noResult, [], { mode: 'json', expect: [7], tasks: true })).toEqual([{ type: 'text', text: noResult }]);
  });
});

describe('the offload parser, clipping over-long statusMessages', () => {
  const long = 'x'.repeat(1_000_000);
  const get = JSON.stringify({
    jsonrpc: '2.0',
    id: 7,
    result: { taskId: 't', status: 'completed', statusMessage: long, createdAt: 'a', lastUpdatedAt: 'b', ttl: null },
  });
  const push = JSON.stringify({
    jsonrpc: '2.0',
    method: 'notifications/tasks/status',
    params: { taskId: 't', status: 'working', statusMessage: long },
  });
  const parse = (options: { mode: 'sse' | 'json'; clipAbove?: number }, input: string) => {
    const out: ParserOutput[] = [];
    const parser = createOffloadParser({
      mode: options.mode,
      threshold: 256_000,
      ...(options.clipAbove !== undefined && { clipAbove: options.clipAbove }),
      expects: () => false,
      expecting: () => false,
      nextKey: () => 'k',
      emit: (o) => out.push(o),
    });
    const bytes = encode(input);
    for (let at = 0; at < bytes.length; at += 65_536) parser.push(bytes.slice(at, at + 65_536));
    parser.end();
    return out;
  };

  it('clips a tasks/get answer (JSON) and a status push (SSE) that no request expects, with the whole text beside', () => {
    const [answer] = parse({ mode: 'json', clipAbove: 8192 }, get);
    expect(answer?.type).toBe('clipped');
    const message = JSON.parse(answer?.text ?? '') as { id: number; result: { statusMessage: string; status: string } };
    expect(message.id).toBe(7);
    expect(message.result.status).toBe('completed');
    expect(message.result.statusMessage.length).toBeLessThan(5000);
    expect(answer?.type === 'clipped' && answer.clipped).toEqual([{ clipped: message.result.statusMessage, full: long }]);

    const events = parse({ mode: 'sse', clipAbove: 8192 }, `id: 3\ndata: ${push}\n\n`);
    expect(events.map((o) => o.type)).toEqual(['clipped']);
    expect(events[0]?.text.startsWith('id: 3\ndata: {')).toBe(true);
    expect(events[0]?.text.length).toBeLessThan(5000);
  });

  it('passes the same messages through untouched when not asked to clip, and a large message with nothing to clip', () => {
    expect(parse({ mode: 'json' }, get)).toEqual([{ type: 'text', text: get }]);
    expect(parse({ mode: 'sse' }, `data: ${push}\n\n`)).toEqual([{ type: 'text', text: `data: ${push}\n\n` }]);
    const tool = JSON.stringify({ jsonrpc: '2.0', id: 8, result: { content: [{ type: 'text', text: long }] } });
    expect(parse({ mode: 'json', clipAbove: 8192 }, tool)).toEqual([{ type: 'text', text: tool }]);
  });
});

describe('the worker host, posting', () => {
  it('posts the small events of one chunk together, in order around a clipped one', () => {
    const out: HostOutput[] = [];
    const handle = createOffloadHost(
      (o) => out.push(o),
      () => 'k',
    );
    const small = (n: number) => `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { n } })}\n\n`;
    const long = `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tasks/status', params: { taskId: 't', status: 'working', statusMessage: 'x'.repeat(20_000) } })}\n\n`;
    handle({ type: 'start', stream: 1, mode: 'sse', threshold: 256_000, clipAbove: 8192, expect: [] });
    handle({ type: 'chunk', stream: 1, bytes: encode(small(1) + small(2) + long + small(3) + small(4)) });
    handle({ type: 'end', stream: 1 });
    expect(out.map((o) => o.type)).toEqual(['text', 'clipped', 'text', 'done']);
    expect(out[0]?.type === 'text' && out[0].text).toBe(small(1) + small(2));
    expect(out[2]?.type === 'text' && out[2].text).toBe(small(3) + small(4));
  });
});

describe('the offload parser, clipping, and the answer to a tasks/result', () => {
  it('leaves an expected answer exactly as it came, even when its result looks like a task', () => {
    const result = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'ok' }], taskId: 't', statusMessage: 'y'.repeat(20_000) },
    });
    const out: ParserOutput[] = [];
    const parser = createOffloadParser({
      mode: 'json',
      threshold: 256_000,
      clipAbove: 8192,
      expects: (id) => id === 1,
      nextKey: () => 'k',
      emit: (o) => out.push(o),
    });
    parser.push(encode(result));
    parser.end();
    expect(out).toEqual([{ type: 'text', text: result }]);
  });
});

describe('the worker taking status pushes out of the stream (splitPushes)', () => {
  const statusPush = (taskId: string, statusMessage = 'working') =>
    JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tasks/status', params: { taskId, status: 'working', statusMessage } });

  /** Runs the worker's host over `chunks` of one SSE stream that splits pushes; returns what it posted. */
  function host(chunks: string[]): Array<Exclude<FromWorker, { type: 'ready' }>> {
    const posted: Array<Exclude<FromWorker, { type: 'ready' }>> = [];
    const handle = createOffloadHost(
      (m) => posted.push(m),
      () => 'k',
    );
    handle({ type: 'start', stream: 1, mode: 'sse', threshold: 256_000, clipAbove: 8192, expect: [], splitPushes: true });
    for (const chunk of chunks) handle({ type: 'chunk', stream: 1, bytes: encode(chunk) });
    handle({ type: 'end', stream: 1 });
    return posted;
  }
  const sdkText = (posted: ReturnType<typeof host>) => posted.map((m) => (m.type === 'text' ? m.text : '')).join('');
  /** The pushes posted, as the page reads them (offload.ts: each text parsed once there). */
  const pushed = (posted: ReturnType<typeof host>) =>
    posted.flatMap((m) => (m.type === 'pushes' ? m.texts.flatMap((text) => asStreamPush(text) ?? []) : []));

  it('posts a chunk’s pushes together, as texts the page parses once, and hands the SDK the ids and every other event intact', () => {
    const elicit = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { message: 'hi' } });
    const posted = host([
      `id: 1\ndata: ${statusPush('a')}\n\nid: 2\ndata: ${statusPush('b')}\n\n`,
      `id: 3\ndata: ${elicit}\n\n: keep-alive\n\nid: 4\ndata: ${statusPush('c')}\n\n`,
    ]);
    expect(posted.filter((m) => m.type === 'pushes').map((m) => m.type === 'pushes' && m.texts.length)).toEqual([2, 1]);
    expect(pushed(posted).map((p) => (p.params as { taskId: string }).taskId)).toEqual(['a', 'b', 'c']);
    expect(pushed(posted)[0]?.text).toBe(statusPush('a'));
    expect(pushed(posted)[0]?.message).toEqual(JSON.parse(statusPush('a')));
    expect(sdkText(posted)).toBe(`id: 2\ndata:\n\nid: 3\ndata: ${elicit}\n\n: keep-alive\n\nid: 4\ndata:\n\n`);
    // What the SDK's transport does with that text: eventsource-parser, remembering each event's id.
    const ids: string[] = [];
    const datas: string[] = [];
    const parser = createParser({
      onEvent: (event) => {
        if (event.id !== undefined) ids.push(event.id);
        if (event.data) datas.push(event.data);
      },
    });
    parser.feed(sdkText(posted));
    expect(ids.at(-1)).toBe('4');
    expect(datas).toEqual([elicit]);
  });

  it('reads a push split across chunks anywhere', () => {
    const text = `id: 9\r\ndata: ${statusPush('x')}\r\n\r\nid: 10\ndata: ${statusPush('y')}\n\n`;
    for (const size of [1, 7, 33, text.length]) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      const posted = host(chunks);
      expect(pushed(posted).map((p) => (p.params as { taskId: string }).taskId)).toEqual(['x', 'y']);
      const ids: string[] = [];
      createParser({ onEvent: (event) => event.id !== undefined && ids.push(event.id) }).feed(sdkText(posted));
      expect(ids.at(-1)).toBe('10');
    }
  });

  it('still clips an over-long statusMessage in a push, with the whole text beside it', () => {
    const long = 'm'.repeat(50_000);
    const posted = host([`id: 1\ndata: ${statusPush('a', long)}\n\n`]);
    const batch = posted.find((m) => m.type === 'pushes');
    const [p] = pushed(posted);
    const message = (p?.params as { statusMessage: string }).statusMessage;
    expect(message.length).toBeLessThan(5000);
    expect(p?.text.length).toBeLessThan(5000);
    expect(batch?.type === 'pushes' && batch.clipped).toEqual([{ clipped: message, full: long }]);
    expect(sdkText(posted)).toBe('id: 1\ndata:\n\n');
  });

  it('posts a large backlog in batches of at most PUSH_BATCH pushes', () => {
    const chunk = Array.from({ length: PUSH_BATCH * 2 + 5 }, (_, i) => `id: ${i}\ndata: ${statusPush(`t${i}`)}\n\n`).join('');
    const sizes = host([chunk]).flatMap((m) => (m.type === 'pushes' ? [m.texts.length] : []));
    expect(sizes).toEqual([PUSH_BATCH, PUSH_BATCH, 5]);
  });
});
