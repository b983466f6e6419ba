import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { VisitUseFields, type VisitUse } from './visit-use-fields';
import { page, services, voucher } from './test-data';

const routes = {
  'GET /services/treatments/': { status: 200, data: page([{ id: 3, name: 'Hilot', price: '1200.00' }]) },
  'GET /salespersons/': { status: 200, data: page([{ id: 4, full_name: 'Ana Cruz' }]) },
  'GET /banks/': {
    status: 200,
    data: page([{ id: 6, name: 'BDO', account_number_masked: '••••3456', is_active: true }]),
  },
};

/** The floor board's side: holds what the fields report, and shows it for the assertions. */
const Host = ({
  treatment,
  errors = {},
  deposit,
}: {
  treatment: number | null;
  errors?: Record<string, string[]>;
  deposit?: { amount: string; payment_method: string };
}) => {
  const [use, setUse] = useState<VisitUse | null>(null);
  // The floor dialog's count of refused sends (useFloorWrite).
  const [refused, setRefused] = useState(0);
  return (
    <>
      <VisitUseFields
        client={7}
        location={2}
        treatment={treatment}
        onChange={setUse}
        errors={errors}
        disabled={false}
        deposit={deposit}
        refused={refused}
      />
      <output data-testid="use">{JSON.stringify(use)}</output>
      <button type="button" onClick={() => setRefused((n) => n + 1)}>
        Send refused
      </button>
    </>
  );
};
const reported = () => JSON.parse(screen.getByTestId('use').textContent ?? 'null') as VisitUse | null;

describe('what the client uses, outside the arrival card', () => {
  it("offers the client's voucher for the treatment by default and reports it, with no payment", async () => {
    mockApi({ ...routes, 'GET /clients/7/services/': { status: 200, data: services() } });
    renderWithRouter(<Host treatment={3} />);
    const option = await screen.findByRole('radio', { name: /Voucher V-000055 · Hilot/ });
    expect(option).toBeChecked();
    expect(screen.getByText(/^2 sessions left of 3 · expires/)).toBeInTheDocument();
    expect(reported()).toEqual({ voucher: 55, client_membership: null, payment: null });
    expect(screen.queryByText('Payment at the desk')).not.toBeInTheDocument();
  });

  it('a voucher for another treatment is blocked; a visit on nothing shows no payment and reports none (paid at checkout)', async () => {
    mockApi({
      ...routes,
      'GET /clients/7/services/': { status: 200, data: services({ vouchers: [voucher({ treatment: 8 })] }) },
    });
    renderWithRouter(<Host treatment={3} />);
    expect(await screen.findByRole('radio', { name: /Voucher V-000055/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /No voucher or membership/ })).toBeChecked();
    expect(screen.getByText('Paid at checkout, after the service.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Payment/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Discount (₱)' })).not.toBeInTheDocument();
    expect(reported()).toEqual({ voucher: null, client_membership: null, payment: null });
  });

  it('a reservation’s deposit: the desk is told it is taken off at checkout, and nothing is paid now', async () => {
    mockApi({ ...routes, 'GET /clients/7/services/': { status: 200, data: services({ vouchers: [] }) } });
    renderWithRouter(<Host treatment={3} deposit={{ amount: '500.00', payment_method: 'card' }} />);
    expect(
      await screen.findByText('Paid at checkout, after the service: the ₱500.00 deposit is taken off there.'),
    ).toBeInTheDocument();
    expect(reported()).toEqual({ voucher: null, client_membership: null, payment: null });
  });

  it('after a refused send on the voucher, reads it again and moves the choice off it once used up', async () => {
    let reads = 0;
    const calls = mockApi({
      ...routes,
      'GET /clients/7/services/': () => {
        reads += 1;
        const used = reads > 1 ? { sessions_used: 3, sessions_remaining: 0, status: 'used_up' as const } : {};
        return { status: 200, data: services({ vouchers: [voucher(used)] }) };
      },
    });
    renderWithRouter(<Host treatment={3} />);
    expect(await screen.findByRole('radio', { name: /Voucher V-000055 · Hilot/ })).toBeChecked();
    expect(reported()).toEqual({ voucher: 55, client_membership: null, payment: null });
    await userEvent.click(screen.getByRole('button', { name: 'Send refused' }));
    expect(await screen.findByText('All sessions are used.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Voucher V-000055/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /No voucher or membership/ })).toBeChecked();
    await vi.waitFor(() => expect(reported()?.voucher).toBeNull());
    expect(reported()?.payment).toBeNull();
    expect(calls.filter((c) => c.url === '/clients/7/services/')).toHaveLength(2);
  });

  it("shows the server's field errors beside their fields, and the load error with Try again", async () => {
    mockApi({ ...routes, 'GET /clients/7/services/': { status: 200, data: services() } });
    const { unmount } = renderWithRouter(
      <Host treatment={3} errors={{ voucher: ['This voucher has no sessions left.'] }} />,
    );
    expect(await screen.findByText('This voucher has no sessions left.')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /clients/7/services/': { status: 500, data: { message: 'The server had a problem.' } } });
    renderWithRouter(<Host treatment={3} />);
    const alert = await screen.findByText('What this client may use could not be loaded');
    expect(
      within(alert.closest('[role="alert"]') ?? document.body).getByRole('button', { name: /Try again/ }),
    ).toBeInTheDocument();
  });
});
