// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaFields, useSchemaAnswers } from './SchemaFields';

afterEach(cleanup);

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    code: { type: 'string', title: 'Code', pattern: '^[A-Z]{3}$' },
    mail: { type: 'string', title: 'Email', format: 'email' },
    odd: { type: 'string', title: 'Odd', pattern: '(?P<x>y)' },
  },
  required: ['code'],
};

function Form({ onAccept }: { onAccept: (args: Record<string, unknown>) => void }) {
  const answers = useSchemaAnswers(schema);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const built = answers.submit();
    if (built.ok) onAccept(built.args);
  };
  return (
    <form noValidate onSubmit={onSubmit}>
      <SchemaFields answers={answers} />
      <button type="submit">Submit</button>
    </form>
  );
}

describe('SchemaFields', () => {
  it('blocks a submit with a wrong answer: the message is beside its field, described by it, and the first such field has focus', () => {
    const accept = vi.fn();
    render(<Form onAccept={accept} />);
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(accept).not.toHaveBeenCalled();
    const code = screen.getByLabelText(/Code/);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(code.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Must match the pattern ^[A-Z]{3}$');
    expect(document.activeElement).toBe(code);
    expect(screen.getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/Name/).getAttribute('aria-invalid')).toBeNull();
  });

  it('clears a message once its answer is fixed, and submits the answers', () => {
    const accept = vi.fn();
    render(<Form onAccept={accept} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: 'AB' } });
    expect(screen.getByText('Must match the pattern ^[A-Z]{3}$')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: 'ABC' } });
    expect(screen.queryByText(/Must match/)).toBeNull();
    expect(screen.getByLabelText(/Code/).getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(accept).toHaveBeenCalledWith({ code: 'ABC' });
  });

  it('says when the server’s pattern cannot be checked here, without blocking the answer', () => {
    const accept = vi.fn();
    render(<Form onAccept={accept} />);
    expect(screen.getByText(/pattern is not a valid regular expression/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: 'ABC' } });
    fireEvent.change(screen.getByLabelText(/Odd/), { target: { value: 'anything' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(accept).toHaveBeenCalledWith({ code: 'ABC', odd: 'anything' });
  });
});
