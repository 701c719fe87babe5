// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Region } from './Region';

afterEach(cleanup);

let broken = true;
function Fragile() {
  if (broken) throw new Error('bad payload');
  return <p>recovered</p>;
}

describe('Region error boundary', () => {
  it('contains a render error to its region, says what failed, and recovers on Try again', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <Region title="Result">
          <Fragile />
        </Region>
        <Region title="Task list">
          <p>still here</p>
        </Region>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Result could not be shown: bad payload');
    expect(screen.getByText('still here')).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('recovered')).toBeTruthy();
    quiet.mockRestore();
  });
});
