import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Room } from '@ginhawa/contract';
import { mockApi, okPage } from '../../../test/api-mock';
import { aTreatment } from '../../../test/fixtures';
import { renderInProviders } from '../../../test/render';
import { TreatmentForm } from './treatment-form';

const stamp = { created_at: '2025-11-01T02:00:00.000Z', updated_at: '2025-11-01T02:00:00.000Z' };
const hilot = aTreatment({ room_kinds: ['single'] });
const room = (id: number, kind: string): Room => ({
  id,
  location: 1,
  location_name: 'Makati',
  name: `Room ${id}`,
  kind,
  beds: 1,
  rule: 'any',
  is_active: true,
  ...stamp,
});
const rooms = { 'GET /floor/rooms/': okPage([room(1, 'couple'), room(2, 'single'), room(3, 'couple')]) };
const categories = {
  'GET /services/treatment-categories/': okPage([
    { id: 1, name: 'Massages', description: '', treatments_count: 1, ...stamp },
  ]),
};

describe('treatment form: the rooms a treatment needs', { timeout: 20_000 }, () => {
  it('offers the kinds the branches’ rooms use, once each, and sends the chosen ones', async () => {
    const calls = mockApi({
      ...rooms,
      ...categories,
      'PATCH /services/treatments/12/': { status: 200, data: { ...hilot, room_kinds: ['single', 'couple'] } },
    });
    renderInProviders(<TreatmentForm treatment={hilot} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit treatment' });
    const field = within(dialog).getByRole('combobox', { name: 'Rooms it needs' });
    expect(within(dialog).getByRole('button', { name: 'single' })).toBeInTheDocument();
    await userEvent.click(field);
    const options = await screen.findAllByRole('option');
    // "single" is already chosen; "couple" is offered once although two rooms are couple rooms.
    expect(options.map((o) => o.textContent)).toEqual(['couple']);
    await userEvent.click(options[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Hilot saved.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(String(sent?.data))).toMatchObject({ room_kinds: ['single', 'couple'] });
    expect(calls.some((c) => c.url === '/floor/rooms/?page=1&pageSize=500&ordering=kind')).toBe(true);
  });

  it('says when the rooms cannot be loaded, and a new treatment needs any room by default', async () => {
    const calls = mockApi({
      'GET /floor/rooms/': { status: 500, data: { message: 'The server had a problem.' } },
      ...categories,
      'POST /services/treatments/': { status: 201, data: { ...hilot, id: 20, name: 'Foot spa', room_kinds: [] } },
    });
    renderInProviders(<TreatmentForm treatment={null} defaultCategory={1} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'New treatment' });
    expect(await within(dialog).findByText('The rooms could not be loaded.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('Foot spa');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Price' }), '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add treatment' }));
    expect(await screen.findByText('Foot spa added.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(sent?.data))).toMatchObject({ name: 'Foot spa', room_kinds: [] });
  });
});

describe('treatment form in a new business', { timeout: 20_000 }, () => {
  it('says a category comes first, and where, while there is none', async () => {
    mockApi({ ...rooms, 'GET /services/treatment-categories/': okPage([]) });
    renderInProviders(<TreatmentForm treatment={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'New treatment' });
    expect(
      await within(dialog).findByText('No treatment categories yet: add one on the Treatment categories tab first.'),
    ).toBeInTheDocument();
  });
});
