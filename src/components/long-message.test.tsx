// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LongMessage, MESSAGE_SHOWN } from './LongMessage';

afterEach(cleanup);

describe('LongMessage', () => {
  it('shows a short message whole, with no button', () => {
    const { container } = render(<LongMessage text="Step 3 of 10" />);
    expect(container.textContent).toBe('Step 3 of 10');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('draws only the start of a megabyte message and says how much is left', () => {
    const text = 'x'.repeat(1_000_000);
    const { container } = render(<LongMessage text={text} />);
    expect(container.textContent?.length).toBeLessThan(MESSAGE_SHOWN + 200);
    expect(container.textContent).toContain(`${(1_000_000 - MESSAGE_SHOWN).toLocaleString()} more characters`);
    expect(screen.getByRole('button', { name: 'Copy the whole message' })).toBeTruthy();
  });
});
