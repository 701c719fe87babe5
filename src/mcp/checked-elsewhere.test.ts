import { describe, expect, it } from 'vitest';
import { CheckedElsewhere } from './checked-elsewhere';

describe('CheckedElsewhere (the MCP Client’s JSON Schema validator)', () => {
  it('refuses rather than passes, saying where tool output is checked', () => {
    const check = new CheckedElsewhere().getValidator({ type: 'object', properties: { n: { type: 'number' } } });
    const answer = check({ n: 1 });
    expect(answer.valid).toBe(false);
    expect(answer.errorMessage).toMatch(/checked by the dashboard in a worker/);
  });
});
