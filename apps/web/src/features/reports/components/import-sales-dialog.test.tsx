import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { testSwr } from '../../../test/render';
import { ImportSalesDialog } from './import-sales-dialog';
import { lineErrors } from './line-errors';
import { banksPage, salespersonsPage } from './reports-fixtures';

const stored = { location: 1, date: '2026-11-20', stored: 1, ids: [91], total: '1500.00' };

/** The dialog's option lists, and the store endpoint answering as `store` says. */
const mockStore = (store: MockHandler) =>
  mockApi({
    'GET /salespersons/': { status: 200, data: salespersonsPage },
    'GET /banks/': { status: 200, data: banksPage },
    'POST /reports/store-sales-data/': store,
  });

/** The API's refusal of a batch, with its field errors. */
const refused = (errors: Record<string, string[]>) => ({
  status: 400,
  data: { message: 'Check the highlighted fields.', errors },
});

const setup = () => {
  const onStored = vi.fn();
  render(
    <AppProvider swr={testSwr}>
      <ImportSalesDialog
        open
        location={1}
        locationName="Makati"
        date="2026-11-20"
        onClose={vi.fn()}
        onStored={onStored}
      />
    </AppProvider>,
  );
  return { onStored };
};

const chooseOption = async (label: string, option: string, scope: HTMLElement = document.body) => {
  await userEvent.click(within(scope).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('import sales dialog', () => {
  it('lists every refused line and field, and marks the form’s fields, when the batch is refused', async () => {
    mockStore(
      refused({
        'sales.1.amount': ['Enter an amount.'],
        'sales.0.bank': ['Card and bank-transfer sales need a bank.'],
      }),
    );
    const { onStored } = setup();
    // The day in words, as the screens write it.
    expect(screen.getByText(/^Makati, 20 Nov 2026\. Every line is checked first/)).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Line 1' });
    await chooseOption('Salesperson', 'Ana Reyes', first);
    await userEvent.click(within(first).getByLabelText('Amount'));
    await userEvent.paste('1500');
    await chooseOption('Paid by', 'Card', first);
    await userEvent.click(screen.getByRole('button', { name: 'Add line' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const refusal = await screen.findByRole('alert', { name: 'Import refused' });
    expect(within(refusal).getByText('Line 1, bank: Card and bank-transfer sales need a bank.')).toBeInTheDocument();
    expect(within(refusal).getByText('Line 2, amount: Enter an amount.')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Line 2' })).getByLabelText('Amount')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(onStored).not.toHaveBeenCalled();
  });

  it('stores the lines with an Idempotency-Key that a retry of the same body reuses', async () => {
    let attempt = 0;
    const calls = mockStore(() => ((attempt += 1) === 1 ? 'network-error' : { status: 201, data: stored }));
    const { onStored } = setup();
    const first = screen.getByRole('group', { name: 'Line 1' });
    await chooseOption('Salesperson', 'Ana Reyes', first);
    await userEvent.click(within(first).getByLabelText('Amount'));
    await userEvent.paste('1500.00');
    // The service charge collected on top of the price is recorded with the line (decision 0505).
    await userEvent.clear(within(first).getByLabelText('Service charge'));
    await userEvent.click(within(first).getByLabelText('Service charge'));
    await userEvent.paste('75.00');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert', { name: 'Import refused' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await vi.waitFor(() => expect(onStored).toHaveBeenCalledWith(stored));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.headers['Idempotency-Key']).toBeTruthy();
    expect(posts[1]?.headers['Idempotency-Key']).toBe(posts[0]?.headers['Idempotency-Key']);
    expect(JSON.parse(String(posts[1]?.data))).toEqual({
      location: 1,
      date: '2026-11-20',
      sales: [
        {
          salesperson: 11,
          kind: 'walk_in',
          amount: '1500.00',
          discount: '0.00',
          service_charge: '75.00',
          payment_method: 'cash',
          bank: null,
          reference_no: '',
          external_document_no: '',
          reference: '',
          client: null,
        },
      ],
    });
  });

  it('uploads a CSV file and shows its refused lines by file line number', async () => {
    const calls = mockStore(refused({ 'line_3.payment_method': ['Choose from cash, card, e_wallet, bank_transfer.'] }));
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'CSV file' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Choose a CSV file.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const file = new File(['salesperson,amount,payment_method\n11,100.00,cash\n11,50.00,gcash\n'], 'day.csv', {
      type: 'text/csv',
    });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    expect(screen.getByText('day.csv')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('Line 3, payment_method: Choose from cash, card, e_wallet, bank_transfer.'),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/reports/store-sales-data/?location=1&date=2026-11-20');
    expect(post?.data).toBeInstanceOf(FormData);
  });
});

describe('lineErrors', () => {
  it('numbers form lines from 1, keeps CSV line numbers, and puts batch errors first', () => {
    expect(
      lineErrors({ 'sales.2.amount': ['Enter an amount.'], line_5: ['Too many columns.'], date: ['Enter a date.'] }),
    ).toEqual([
      { line: null, field: 'date', messages: ['Enter a date.'] },
      { line: 3, field: 'amount', messages: ['Enter an amount.'] },
      { line: 5, field: '', messages: ['Too many columns.'] },
    ]);
  });
});
