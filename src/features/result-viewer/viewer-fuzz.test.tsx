// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resultLike } from '../../tasks/fuzz-arbitraries';
import { parseTaskResult } from '../../tasks/result';
import { ParsedView } from './ParsedView';

describe('fuzz: the typed viewer', () => {
  it('renders 10,000 random or mutated results without throwing and without unsafe markup', () => {
    fc.assert(
      fc.property(resultLike, (raw) => {
        const { container } = render(
          <ParsedView
            result={{ taskId: 't', raw, parsed: parseTaskResult(raw), fetchedAt: 0, size: 0 }}
            outputSchema={{ type: 'object' }}
          />,
        );
        expect(container.querySelectorAll('script, iframe, embed').length).toBe(0);
        for (const a of container.querySelectorAll('a[href]')) expect(a.getAttribute('href')).toMatch(/^(https?:|mailto:|blob:)/);
        cleanup();
      }),
      { numRuns: 10_000 },
    );
  }, 300_000);
});
