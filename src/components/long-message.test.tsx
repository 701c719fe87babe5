// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clipText, holdClipped } from '../lib/clipped-text';
import { LongMessage, MESSAGE_SHOWN } from './LongMessage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

  it('counts a message the response worker clipped as the whole text, and copies the whole text', async () => {
    const whole = `${'w'.repeat(999_999)}!`;
    const clipped = clipText(whole);
    holdClipped([{ clipped, full: whole }]);
    const writeText = vi.fn((_text: string) => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { container } = render(<LongMessage text={clipped} />);
    expect(container.textContent).toContain(`${(1_000_000 - MESSAGE_SHOWN).toLocaleString()} more characters`);
    expect(container.textContent).not.toContain('clipped:');
    fireEvent.click(screen.getByRole('button', { name: 'Copy the whole message' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(whole);
  });

  it('says so when the whole text of a clipped message is no longer held', async () => {
    const clipped = clipText(`${'q'.repeat(500_000)}`);
    render(<LongMessage text={clipped} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the whole message' }));
    expect(await screen.findByRole('button', { name: /no longer held/ })).toBeTruthy();
  });
});
