import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Location } from '@ginhawa/contract';
import { AppProvider } from '../../../app/provider';
import { mockApi } from '../../../test/api-mock';
import { testSwr } from '../../../test/render';
import { LocationForm } from './location-form';

const makati: Location = {
  id: 7,
  name: 'Makati Salcedo',
  address: 'Salcedo Village, Makati',
  phone: '+63281234567',
  opening_time: '10:00',
  closing_time: '22:00',
  is_active: true,
  branch_code: '00001',
  registered_address: 'Salcedo Village, Makati City',
  employees_count: 4,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

const setup = (location: Location | null = null) => {
  const onClose = vi.fn();
  render(
    <AppProvider swr={testSwr}>
      <LocationForm location={location} onClose={onClose} />
    </AppProvider>,
  );
  return { onClose };
};

const pickTime = async (label: string, time: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: time }));
};

describe('location form', { timeout: 20_000 }, () => {
  it('checks the fields before calling the server', async () => {
    const calls = mockApi({});
    setup();
    await userEvent.click(screen.getByLabelText('Phone'));
    await userEvent.paste('555-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    expect(
      screen.getByText('Enter a Philippine phone number, e.g. 0917 123 4567 or (02) 8123 4567.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('wants different opening and closing times, and reads an earlier closing as after midnight', async () => {
    const calls = mockApi({});
    setup();
    await userEvent.click(screen.getByLabelText(/^Name/));
    await userEvent.paste('Malate Night Spa');
    await pickTime('Closes', '10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    expect(screen.getByText(/Closing time must differ from opening time/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await pickTime('Closes', '02:00');
    expect(screen.getByText('After midnight.')).toBeInTheDocument();
  });

  it("shows the server's field errors under their fields", async () => {
    mockApi({
      'POST /locations/': {
        status: 409,
        data: {
          message: 'A location with this name already exists.',
          errors: { name: ['A location with this name already exists.'] },
        },
      },
    });
    setup();
    await userEvent.click(screen.getByLabelText(/^Name/));
    await userEvent.paste('Makati Salcedo');
    await userEvent.click(screen.getByRole('button', { name: 'Add location' }));
    expect(await screen.findByText('A location with this name already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a refusal no field carries above the form', async () => {
    mockApi({
      'PATCH /locations/7/': {
        status: 409,
        data: {
          message: '4 active employees work at this location. Move them to another location or deactivate them first.',
        },
      },
    });
    setup(makati);
    await userEvent.click(screen.getByRole('switch'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('4 active employees work at this location.');
  });

  it('edits a location: shows the stored phone readably, sends the changes, confirms and closes', async () => {
    const calls = mockApi({ 'PATCH /locations/7/': { status: 200, data: { ...makati, closing_time: '21:30' } } });
    const { onClose } = setup(makati);
    expect(screen.getByLabelText('Phone')).toHaveValue('+63 2 8123 4567');
    await pickTime('Closes', '21:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Makati Salcedo saved.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(String(patch?.data))).toEqual({
      name: 'Makati Salcedo',
      address: 'Salcedo Village, Makati',
      phone: '+63281234567',
      opening_time: '10:00',
      closing_time: '21:30',
      branch_code: '00001',
      registered_address: 'Salcedo Village, Makati City',
      is_active: true,
    });
  });
});
