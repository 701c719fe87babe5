// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTaskResult, summariseResult, TextBackedResult, withKeepState, type FetchedResult } from '../../tasks/result';
import { ParsedView } from './ParsedView';
import type * as SchemaCheck from '../../components/use-schema-check';

// Counts how often the tool result's view draws (it checks structuredContent on every draw).
const draws = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../components/use-schema-check', async (original) => {
  const real = await original<typeof SchemaCheck>();
  return {
    ...real,
    useSchemaCheck: (...args: Parameters<typeof real.useSchemaCheck>) => {
      draws.count += 1;
      return real.useSchemaCheck(...args);
    },
  };
});

afterEach(cleanup);

const value = { content: [{ type: 'text', text: 'hello' }], structuredContent: { n: 1 } };

describe('the typed view of a result, when only its keep state changes', () => {
  it('is not drawn again for a copy of a text-backed result, nor of a parsed one; another result is drawn', () => {
    const text = JSON.stringify(value);
    const results: FetchedResult[] = [
      new TextBackedResult('t1', text, summariseResult(parseTaskResult(value)), 0, text.length),
      { taskId: 't2', raw: value, parsed: parseTaskResult(value), fetchedAt: 0, size: text.length },
    ];
    for (const result of results) {
      draws.count = 0;
      const { rerender, getByText } = render(<ParsedView result={result} outputSchema={undefined} />);
      expect(getByText('hello')).toBeTruthy();
      const drawn = draws.count;
      expect(drawn).toBeGreaterThan(0);
      rerender(<ParsedView result={withKeepState(result, { keeping: true })} outputSchema={undefined} />);
      rerender(<ParsedView result={withKeepState(result, { keepError: 'quota' })} outputSchema={undefined} />);
      expect(draws.count).toBe(drawn);
      // A result fetched again is another reading: drawn.
      const again: FetchedResult = { taskId: result.taskId, raw: value, parsed: parseTaskResult(value), fetchedAt: 1, size: text.length };
      rerender(<ParsedView result={again} outputSchema={undefined} />);
      expect(draws.count).toBeGreaterThan(drawn);
      cleanup();
    }
  });
});
