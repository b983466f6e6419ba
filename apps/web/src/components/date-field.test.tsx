import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DateField } from './date-field';

/** The field in a form that keeps its value, shown beside it as the form would send it. */
const Harness = ({ start = '' }: { start?: string }) => {
  const [value, setValue] = useState(start);
  return (
    <>
      <DateField label="Date" name="date" value={value} onChange={(e) => setValue(e.target.value)} />
      <output aria-label="Sent">{value || 'nothing'}</output>
    </>
  );
};

const sent = () => screen.getByRole('status', { name: 'Sent' }).textContent;

describe('DateField', () => {
  it('shows a YYYY-MM-DD value as 29 Nov 2026', () => {
    render(<Harness start="2026-11-29" />);
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('29 Nov 2026');
  });

  it.each([
    ['29 Nov 2026', '2026-11-29'],
    ['29 november 2026', '2026-11-29'],
    ['29/11/2026', '2026-11-29'],
    ['1.12.2026', '2026-12-01'],
    ['11/29/2026', '2026-11-29'],
    ['Nov 29, 2026', '2026-11-29'],
    ['2026-11-29', '2026-11-29'],
  ])('takes "%s" as %s and writes it in words on leaving', async (typed, value) => {
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Date' });
    await userEvent.type(field, typed);
    expect(sent()).toBe(value);
    await userEvent.tab();
    expect(field).toHaveValue(value === '2026-12-01' ? '1 Dec 2026' : '29 Nov 2026');
  });

  it('sends nothing for a day that does not exist and says how to write one', async () => {
    render(<Harness start="2026-11-29" />);
    const field = screen.getByRole('textbox', { name: 'Date' });
    await userEvent.clear(field);
    await userEvent.type(field, '31 Feb 2026');
    expect(sent()).toBe('nothing');
    await userEvent.tab();
    expect(field).toHaveValue('31 Feb 2026');
    expect(field).toHaveAccessibleDescription('Write the day like 29 Nov 2026 or 29/11/2026.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('picks a day from the calendar with the mouse', async () => {
    render(<Harness start="2026-11-29" />);
    await userEvent.click(screen.getByRole('button', { name: 'Calendar: Date' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendar: Date' });
    expect(within(calendar).getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    expect(within(calendar).getByRole('button', { name: 'Sunday, 29 November 2026' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(calendar).getByRole('button', { name: 'Next month' }));
    expect(within(calendar).getByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    await userEvent.click(within(calendar).getByRole('button', { name: 'Thursday, 3 December 2026' }));
    expect(sent()).toBe('2026-12-03');
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('3 Dec 2026');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('picks a day with the keyboard: arrows by day and week, Page Down by month, Enter', async () => {
    render(<Harness start="2026-11-29" />);
    await userEvent.click(screen.getByRole('button', { name: 'Calendar: Date' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendar: Date' });
    expect(within(calendar).getByRole('button', { name: 'Sunday, 29 November 2026' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(within(calendar).getByRole('button', { name: 'Monday, 7 December 2026' })).toHaveFocus();
    await userEvent.keyboard('{PageDown}{ArrowLeft}{Enter}');
    expect(sent()).toBe('2027-01-06');
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('6 Jan 2027');
  });
});
