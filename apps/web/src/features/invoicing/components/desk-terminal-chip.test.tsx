import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DESK_TERMINAL_KEY } from '../../../lib/desk-invoicing';
import { mockApi, okPage } from '../../../test/api-mock';
import { renderInProviders } from '../../../test/render';
import { DeskTerminalChip } from './desk-terminal-chip';

const terminals = okPage([
  { id: 2, name: 'Front desk 1', location: 2, location_name: 'Makati Salcedo', is_active: true },
  { id: 3, name: 'Front desk 2', location: 2, location_name: 'Makati Salcedo', is_active: true },
  { id: 4, name: 'Front desk 1', location: 5, location_name: 'BGC', is_active: true },
]);
const on = { status: 200, data: { invoicing: 'on', vat_status: 'vat', vat_rate: '12.00' } };
const remember = (id: number, name: string) =>
  window.localStorage.setItem(
    DESK_TERMINAL_KEY,
    JSON.stringify({ id, name, location: 2, location_name: 'Makati Salcedo' }),
  );

afterEach(() => window.localStorage.removeItem(DESK_TERMINAL_KEY));

describe('the desk’s terminal chip', () => {
  it('shows nothing while invoicing is off', async () => {
    const calls = mockApi({
      'GET /invoicing/desk/': { status: 200, data: { invoicing: 'off', vat_status: 'vat', vat_rate: '12.00' } },
      'GET /invoicing/terminals/': terminals,
    });
    renderInProviders(<DeskTerminalChip groups={['Receptionist']} locations={[{ id: 2 }]} />);
    await waitFor(() => expect(calls.some((c) => c.url === '/invoicing/desk/')).toBe(true));
    expect(screen.queryByText(/terminal/i)).not.toBeInTheDocument();
    // With invoicing off the terminals are not even read.
    expect(calls.some((c) => c.url.startsWith('/invoicing/terminals/'))).toBe(false);
  });

  it('lets a receptionist pick the first terminal among her branch’s, then not change it', async () => {
    const calls = mockApi({
      'GET /invoicing/desk/': on,
      'GET /invoicing/terminals/': terminals,
      'POST /invoicing/desk/terminal/': { status: 200, data: { terminal: 3 } },
    });
    renderInProviders(<DeskTerminalChip groups={['Receptionist']} locations={[{ id: 2 }]} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose this desk’s terminal' }));
    const dialog = await screen.findByRole('dialog', { name: 'This desk’s terminal' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Terminal/ }));
    const options = await screen.findAllByRole('option');
    // Only her branch's terminals.
    expect(options.map((o) => o.textContent)).toEqual([
      'Front desk 1 · Makati Salcedo',
      'Front desk 2 · Makati Salcedo',
    ]);
    await userEvent.click(options[1]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this terminal' }));
    const chip = await screen.findByLabelText('Terminal: Front desk 2 · Makati Salcedo');
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.data))).toEqual({ terminal: 3 });
    // Chosen: a receptionist sees it but it is not a button.
    expect(chip).not.toHaveAttribute('role', 'button');
    expect(screen.queryByRole('button', { name: /Change it/ })).not.toBeInTheDocument();
  });

  it('lets a Manager change it', async () => {
    remember(2, 'Front desk 1');
    mockApi({ 'GET /invoicing/desk/': on, 'GET /invoicing/terminals/': terminals });
    renderInProviders(<DeskTerminalChip groups={['Manager']} locations={[]} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Terminal: Front desk 1 · Makati Salcedo. Change it' }),
    );
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('combobox', { name: /Terminal/ }));
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });

  it('forgets a terminal since deactivated', async () => {
    remember(9, 'Old desk');
    mockApi({ 'GET /invoicing/desk/': on, 'GET /invoicing/terminals/': terminals });
    renderInProviders(<DeskTerminalChip groups={['Receptionist']} locations={[{ id: 2 }]} />);
    expect(await screen.findByRole('button', { name: 'Choose this desk’s terminal' })).toBeInTheDocument();
    expect(window.localStorage.getItem(DESK_TERMINAL_KEY)).toBeNull();
  });
});
