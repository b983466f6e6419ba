import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BoundField } from './form/use-entity-form';
import { LocationField } from './location-field';

const field = (value: string, message?: string): BoundField => ({
  name: 'location',
  value,
  onChange: () => undefined,
  error: Boolean(message),
  helperText: message,
  disabled: false,
});

const page = (results: { id: number; name: string }[]) => ({ count: results.length, results });

/** Renders the field on `value` and opens it: the options it offers, by name. */
const offered = async (value: string, kept: { id: number; name: string }) => {
  render(<LocationField field={field(value)} locations={{ data: page([{ id: 1, name: 'Makati' }]) }} kept={kept} />);
  const select = screen.getByRole('combobox', { name: /Branch/ });
  await userEvent.click(select);
  return { shown: select.textContent, options: screen.getAllByRole('option').map((o) => o.textContent) };
};

describe('LocationField', () => {
  it('offers the active branches and keeps the one a row stands in now', async () => {
    expect(await offered('3', { id: 3, name: 'Cebu (closed)' })).toEqual({
      shown: 'Cebu (closed)',
      options: ['Makati', 'Cebu (closed)'],
    });
  });

  it('does not offer the kept branch twice when it is still active', async () => {
    expect((await offered('1', { id: 1, name: 'Makati' })).options).toEqual(['Makati']);
  });

  it('says why there is nothing to choose, unless the field has its own message', () => {
    const { rerender } = render(<LocationField field={field('')} locations={{ error: new Error('down') }} />);
    expect(screen.getByText('The locations could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Branch/ })).toHaveAttribute('aria-invalid', 'true');
    rerender(<LocationField field={field('')} locations={{ data: page([]) }} />);
    expect(screen.getByText('No locations yet: an Admin adds them under Admin → Locations.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Branch/ })).not.toHaveAttribute('aria-invalid', 'true');
    rerender(<LocationField field={field('', 'Choose a branch.')} locations={{ error: new Error('down') }} />);
    expect(screen.getByText('Choose a branch.')).toBeInTheDocument();
    expect(screen.queryByText('The locations could not be loaded.')).toBeNull();
  });
});
