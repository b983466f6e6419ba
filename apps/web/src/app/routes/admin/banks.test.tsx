import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bank } from '@ginhawa/contract';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { BanksScreen, groupDigits } from './banks';

const bank = (id: number, account_name: string, account_number: string): Bank => ({
  id,
  name: 'BDO Unibank',
  account_name,
  account_number,
  account_number_masked: `••••${account_number.slice(-4)}`,
  is_active: true,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
});

const show = async (width: number) => {
  setViewportWidth(width);
  mockApi({
    'GET /banks/': {
      status: 200,
      data: {
        count: 3,
        next: null,
        previous: null,
        results: [
          bank(1, 'Ginhawa Makati', '001234567890'),
          bank(2, 'Ginhawa BGC', '009876543210'),
          { ...bank(3, 'Ginhawa Ortigas', '005555123456'), name: 'BPI', is_active: false },
        ],
      },
    },
  });
  renderWithRouter(<BanksScreen />);
  const grid = await screen.findByRole('grid', { name: 'Bank accounts' });
  await within(grid).findAllByText(/BDO Unibank/);
  return grid;
};

describe('bank accounts list', () => {
  afterEach(() => setViewportWidth(1280));

  it('on a phone tells two accounts at one bank apart: whose, and the masked number', async () => {
    const grid = await show(390);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Bank', 'Actions']);
    // The second line reads whole, though the number is its own span (kept from wrapping).
    const line = (text: string) => (_: string, el: Element | null) => el?.tagName === 'P' && el.textContent === text;
    expect(within(grid).getByText(line('Ginhawa Makati · ••••7890'))).toBeInTheDocument();
    expect(within(grid).getByText(line('Ginhawa BGC · ••••3210'))).toBeInTheDocument();
    expect(within(grid).queryByText(/001234567890|0012 3456 7890/)).not.toBeInTheDocument();
  });

  it('on a phone marks an inactive account, the Status column being hidden', async () => {
    const grid = await show(390);
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).queryByText('Inactive') !== null)).toEqual([false, false, true]);
    expect(within(rows[2]!).getAllByRole('gridcell')[0]).toHaveTextContent(/^BPIGinhawa Ortigas · ••••\d{4}Inactive$/);
    expect(within(grid).queryByText('Active')).not.toBeInTheDocument();
  });

  it('at 1280 px keeps the account name and the grouped number in their own columns', async () => {
    const grid = await show(1280);
    expect(within(grid).getByText('Ginhawa Makati')).toBeInTheDocument();
    expect(within(grid).getByText('0012 3456 7890')).toBeInTheDocument();
    expect(within(grid).queryByText(/••••/)).not.toBeInTheDocument();
  });
});

/** The screen with no accounts yet, and its New account form open. */
/** The open form dialog: the grid's headers carry the same words as its labels. */
const form = () => within(screen.getByRole('dialog'));
const openNew = async () => {
  renderWithRouter(<BanksScreen />);
  await userEvent.click(await screen.findByRole('button', { name: 'New account' }));
  await screen.findByRole('dialog', { name: 'New bank account' });
};
const EMPTY = { 'GET /banks/': { status: 200, data: { count: 0, next: null, previous: null, results: [] } } };
/** Types the form's three fields as the desk would paste them. */
const fill = async (name: string, accountName: string, accountNumber: string) => {
  for (const [label, text] of [
    [/^Bank/, name],
    [/^Account name/, accountName],
    [/^Account number/, accountNumber],
  ] as const) {
    await userEvent.click(form().getByLabelText(label));
    await userEvent.paste(text);
  }
};
/** The server's answer to the form's POST: the BPI account Ginhawa 3141592653 as saved. */
const added = (id: number, is_active: boolean) => ({
  status: 201,
  data: { ...bank(id, 'Ginhawa', '3141592653'), name: 'BPI', is_active },
});

describe('bank account form', () => {
  it('checks the fields before calling the server', async () => {
    const calls = mockApi(EMPTY);
    await openNew();
    await userEvent.click(form().getByLabelText(/^Account number/));
    await userEvent.paste('12-AB');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(screen.getByText('Enter the bank name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the account name.')).toBeInTheDocument();
    expect(screen.getByText('Use 4 to 34 digits (spaces and dashes are fine).')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('says GCash and Maya need no account, as an e-wallet payment takes only its reference', async () => {
    mockApi(EMPTY);
    await openNew();
    expect(
      screen.getByText(
        'e.g. BDO Unibank, BPI, Metrobank. GCash and Maya need no account here: the desk enters their reference number.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's duplicate refusal under the account number", async () => {
    mockApi({
      ...EMPTY,
      'POST /banks/': {
        status: 409,
        data: {
          message: 'This bank already has an account with this number.',
          errors: { account_number: ['This bank already has an account with this number.'] },
        },
      },
    });
    await openNew();
    await fill('BDO Unibank', 'Ginhawa Wellness', '0052 1234 5678');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('This bank already has an account with this number.')).toBeInTheDocument();
    expect(form().getByLabelText(/^Account number/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds an account and confirms it', async () => {
    const calls = mockApi({
      ...EMPTY,
      'POST /banks/': added(3, true),
    });
    await openNew();
    await fill('BPI', 'Ginhawa', '3141-5926-53');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('BPI account added.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'New bank account' })).not.toBeInTheDocument();
    expect(JSON.parse(String(calls.find((call) => call.method === 'POST')?.data))).toEqual({
      name: 'BPI',
      account_name: 'Ginhawa',
      account_number: '3141592653',
      is_active: true,
    });
  });

  it('switches an account off with the active switch, whose label says what that means', async () => {
    const calls = mockApi({
      ...EMPTY,
      'POST /banks/': added(4, false),
    });
    await openNew();
    await fill('BPI', 'Ginhawa', '3141592653');
    await userEvent.click(screen.getByRole('switch', { name: 'Active: offered for card and transfer payments' }));
    expect(screen.getByRole('switch', { name: 'Inactive: kept for past payments only' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('BPI account added.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((call) => call.method === 'POST')?.data))).toMatchObject({ is_active: false });
  });

  it('reads account numbers in groups of four', () => {
    expect(groupDigits('005212345678')).toBe('0052 1234 5678');
    expect(groupDigits('3141592653')).toBe('3141 5926 53');
  });
});
