// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Splitter } from './Splitter';

function Harness({ orientation, fromEnd }: { orientation: 'vertical' | 'horizontal'; fromEnd?: boolean }) {
  const [value, setValue] = useState(50);
  return (
    <Splitter
      label="Resize"
      orientation={orientation}
      fromEnd={fromEnd}
      value={value}
      min={20}
      max={80}
      frame={() => null}
      onChange={setValue}
    />
  );
}

afterEach(cleanup);

const press = (el: HTMLElement, ...keys: string[]) => {
  for (const key of keys) fireEvent.keyDown(el, { key });
};
const now = (el: HTMLElement) => el.getAttribute('aria-valuenow');

describe('Splitter', () => {
  it('is a focusable separator whose arrow keys move it within its limits', () => {
    render(<Harness orientation="vertical" />);
    const separator = screen.getByRole('separator', { name: 'Resize' });
    expect(now(separator)).toBe('50');
    expect(separator.getAttribute('aria-orientation')).toBe('vertical');
    expect(separator.tabIndex).toBe(0);
    press(separator, 'ArrowRight', 'ArrowRight');
    expect(now(separator)).toBe('54');
    press(separator, 'ArrowLeft');
    expect(now(separator)).toBe('52');
    press(separator, 'ArrowUp');
    expect(now(separator)).toBe('52');
    press(separator, 'End', 'PageUp');
    expect(now(separator)).toBe('80');
    press(separator, 'Home', 'PageDown');
    expect(now(separator)).toBe('20');
  });

  it('a drawer measured from the bottom grows with ArrowUp', () => {
    render(<Harness orientation="horizontal" fromEnd />);
    const separator = screen.getByRole('separator', { name: 'Resize' });
    press(separator, 'ArrowUp');
    expect(now(separator)).toBe('52');
    press(separator, 'ArrowDown', 'ArrowDown');
    expect(now(separator)).toBe('48');
  });
});
