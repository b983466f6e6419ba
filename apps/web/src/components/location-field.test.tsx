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

describe('LocationField', () => {
  it('offers the active branches and keeps the one a row stands in now', async () => {
    render(
      <LocationField
        field={field('3')}
        locations={{ data: page([{ id: 1, name: 'Makati' }]) }}
        kept={{ id: 3, name: 'Cebu (closed)' }}
      />,
    );
    const select = screen.getByRole('combobox', { name: /Branch/ });
    expect(select).toHaveTextContent('Cebu (closed)');
    await userEvent.click(select);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Makati', 'Cebu (closed)']);
  });

  it('does not offer the kept branch twice when it is still active', async () => {
    render(
      <LocationField
        field={field('1')}
        locations={{ data: page([{ id: 1, name: 'Makati' }]) }}
        kept={{ id: 1, name: 'Makati' }}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: /Branch/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Makati']);
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
