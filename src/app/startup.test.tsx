// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);
import { RootBoundary } from './RootBoundary';

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'id')");
}

describe('RootBoundary', () => {
  it('shows what failed and what to try instead of a blank page', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <RootBoundary>
        <Broken />
      </RootBoundary>,
    );
    quiet.mockRestore();
    expect(screen.getByRole('heading', { name: 'Taskdeck could not start' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain("reading 'id'");
    expect(screen.getByRole('link', { name: 'Open the dashboard without this link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forget this tab’s servers and reload' })).toBeTruthy();
  });

  it('renders its children when nothing fails', () => {
    render(
      <RootBoundary>
        <p>dashboard</p>
      </RootBoundary>,
    );
    expect(screen.getByText('dashboard')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
