// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultLike } from '../../tasks/fuzz-arbitraries';
import { parseTaskResult } from '../../tasks/result';
import { ParsedView } from './ParsedView';

describe('fuzz: the typed viewer', () => {
  it('renders 10,000 random or mutated results without throwing and without unsafe markup', () => {
    // One React root for every case (a new root and container per case cost a third of the time); the key mounts each
    // case's view afresh, as selecting another task does.
    let key = 0;
    const view = (raw: unknown) => (
      <ParsedView
        key={key++}
        result={{ taskId: 't', raw, parsed: parseTaskResult(raw), fetchedAt: 0, size: 0 }}
        outputSchema={{ type: 'object' }}
      />
    );
    const { container, rerender } = render(view({ content: [] }));
    try {
      fc.assert(
        fc.property(resultLike, (raw) => {
          rerender(view(raw));
          expect(container.querySelectorAll('script, iframe, embed').length).toBe(0);
          for (const a of container.querySelectorAll('a[href]')) expect(a.getAttribute('href')).toMatch(/^(https?:|mailto:|blob:)/);
        }),
        { numRuns: 10_000 },
      );
    } finally {
      cleanup();
    }
  }, 300_000);
});
