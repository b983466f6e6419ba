import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { mockApi } from '../../../test/api-mock';
import { testSwr } from '../../../test/render';
import { BankForm } from './bank-form';
import { groupDigits } from './bank-list';

const setup = () => {
  const onClose = vi.fn();
  render(
    <AppProvider swr={testSwr}>
      <BankForm bank={null} onClose={onClose} />
    </AppProvider>,
  );
  return { onClose };
};

describe('bank form', () => {
  it('checks the fields before calling the server', async () => {
    const calls = mockApi({});
    setup();
    await userEvent.type(screen.getByLabelText(/^Account number/), '12-AB');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(screen.getByText('Enter the bank name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the account name.')).toBeInTheDocument();
    expect(screen.getByText('Use 4 to 34 digits (spaces and dashes are fine).')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says GCash and Maya need no account, as an e-wallet payment takes only its reference', () => {
    mockApi({});
    setup();
    expect(
      screen.getByText(
        'e.g. BDO Unibank, BPI, Metrobank. GCash and Maya need no account here: the desk enters their reference number.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's duplicate refusal under the account number", async () => {
    mockApi({
      'POST /banks/': {
        status: 409,
        data: {
          message: 'This bank already has an account with this number.',
          errors: { account_number: ['This bank already has an account with this number.'] },
        },
      },
    });
    setup();
    await userEvent.type(screen.getByLabelText(/^Bank/), 'BDO Unibank');
    await userEvent.type(screen.getByLabelText(/^Account name/), 'Ginhawa Wellness');
    await userEvent.type(screen.getByLabelText(/^Account number/), '0052 1234 5678');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('This bank already has an account with this number.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Account number/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds an account and confirms it', async () => {
    const calls = mockApi({
      'POST /banks/': {
        status: 201,
        data: {
          id: 3,
          name: 'BPI',
          account_name: 'Ginhawa',
          account_number: '3141592653',
          is_active: true,
          created_at: '',
          updated_at: '',
        },
      },
    });
    const { onClose } = setup();
    await userEvent.type(screen.getByLabelText(/^Bank/), 'BPI');
    await userEvent.type(screen.getByLabelText(/^Account name/), 'Ginhawa');
    await userEvent.type(screen.getByLabelText(/^Account number/), '3141-5926-53');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('BPI account added.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(JSON.parse(String(calls[0]?.data))).toEqual({
      name: 'BPI',
      account_name: 'Ginhawa',
      account_number: '3141592653',
      is_active: true,
    });
  });

  it('switches an account off with the active switch, whose label says what that means', async () => {
    const calls = mockApi({
      'POST /banks/': {
        status: 201,
        data: {
          id: 4,
          name: 'BPI',
          account_name: 'Ginhawa',
          account_number: '3141592653',
          is_active: false,
          created_at: '',
          updated_at: '',
        },
      },
    });
    setup();
    await userEvent.type(screen.getByLabelText(/^Bank/), 'BPI');
    await userEvent.type(screen.getByLabelText(/^Account name/), 'Ginhawa');
    await userEvent.type(screen.getByLabelText(/^Account number/), '3141592653');
    await userEvent.click(screen.getByRole('switch', { name: 'Active: offered for card and transfer payments' }));
    expect(screen.getByRole('switch', { name: 'Inactive: kept for past payments only' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('BPI account added.')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]?.data))).toMatchObject({ is_active: false });
  });

  it('reads account numbers in groups of four', () => {
    expect(groupDigits('005212345678')).toBe('0052 1234 5678');
    expect(groupDigits('3141592653')).toBe('3141 5926 53');
  });
});
