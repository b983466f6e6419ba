import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bank } from '@ginhawa/contract';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { BankList } from './bank-list';

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
  renderWithRouter(<BankList />);
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
