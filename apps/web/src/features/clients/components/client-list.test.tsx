import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { ClientList } from './client-list';
import { liza, page } from './test-data';

const locations = page([{ id: 2, name: 'Makati', is_active: true }]);

const setup = (overrides: Record<string, MockHandler> = {}) => {
  const calls = mockApi({
    'GET /clients/': { status: 200, data: page([liza]) },
    'GET /locations/': { status: 200, data: locations },
    ...overrides,
  });
  const { router } = renderWithRouter(<ClientList />, { path: '/admin/clients' });
  return { calls, router };
};
const lists = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/clients/?')).map((c) => c.url);

describe('admin client list', () => {
  it('pages by 100, active clients first, and searches as you type with one request for the settled text', async () => {
    const { calls } = setup();
    expect(await screen.findByText('Liza Soberano')).toBeInTheDocument();
    expect(lists(calls)).toEqual(['/clients/?page=1&pageSize=100&is_active=true']);
    await userEvent.type(screen.getByLabelText('Name, mobile or email'), 'cruz rosa');
    await waitFor(() =>
      expect(lists(calls).at(-1)).toBe('/clients/?page=1&pageSize=100&search=cruz+rosa&is_active=true'),
    );
    // Typing letter by letter sends only the text it settled on.
    expect(lists(calls).filter((url) => url.includes('search='))).toHaveLength(1);
  });

  it('exports the list as filtered now', async () => {
    setup();
    await screen.findByText('Liza Soberano');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/clients/export/?is_active=true',
    );
  });

  it('opens a client on its own page', async () => {
    const { router } = setup();
    await userEvent.click(await screen.findByText('Liza Soberano'));
    expect(router.state.location.pathname).toBe('/admin/clients/7');
  });

  it('says when no client matches the filters', async () => {
    setup({ 'GET /clients/': { status: 200, data: page([]) } });
    expect(await screen.findByText('No clients match these filters.')).toBeInTheDocument();
  });

  it('says where locations are added while there is none to be a client’s home', async () => {
    setup({ 'GET /locations/': { status: 200, data: page([]) }, 'GET /clients/': { status: 200, data: page([]) } });
    await userEvent.click(await screen.findByRole('button', { name: 'New client' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('No locations yet: an Admin adds them under Admin → Locations.'),
    ).toBeInTheDocument();
  });

  it('on a duplicate phone names the existing client and creates anyway only when asked', async () => {
    const message =
      'Rosa Cruz (client #12) already has this phone number. Send allow_duplicate_phone: true to add another client with it.';
    const { calls } = setup({
      'POST /clients/': (request) =>
        String(request.data).includes('"allow_duplicate_phone":true')
          ? { status: 201, data: { ...liza, id: 13, full_name: 'Liza Cruz' } }
          : { status: 409, data: { message, errors: { phone: [message] } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New client' }));
    const dialog = await screen.findByRole('dialog');
    // Pasted, not typed key by key: the form is what is under test, and typing is slow on a loaded machine.
    for (const [label, text] of [
      [/^First name/, 'Liza'],
      [/^Last name/, 'Cruz'],
      [/^Mobile/, '0917 123 4567'],
    ] as const) {
      await userEvent.click(within(dialog).getByLabelText(label));
      await userEvent.paste(text);
    }
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Home location/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Makati' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add client' }));
    expect(await within(dialog).findByRole('link', { name: 'Rosa Cruz (client #12)' })).toHaveAttribute(
      'href',
      '/admin/clients/12',
    );
    // Said as to a person: the API's override is the Create anyway button here.
    expect(within(dialog).getByText('Rosa Cruz already has this mobile.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/allow_duplicate_phone/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create anyway' }));
    expect(await screen.findByText('Liza Cruz added.')).toBeInTheDocument();
    const posts = calls
      .filter((c) => c.method === 'POST')
      .map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);
    expect(posts.map((p) => p.allow_duplicate_phone)).toEqual([false, true]);
    expect(posts[0]).toMatchObject({
      first_name: 'Liza',
      last_name: 'Cruz',
      phone: '+639171234567',
      location: 2,
      birthdate: null,
      gender: null,
    });
  });

  it('imports a CSV: a dry run lists bad lines and imports nothing; a clean file is previewed, then imported', async () => {
    let clean = false;
    const { calls } = setup({
      'POST /clients/import/': (request) =>
        request.url.endsWith('dry_run=true')
          ? {
              status: 200,
              data: clean
                ? {
                    dry_run: true,
                    count: 1,
                    errors: [],
                    preview: [
                      {
                        line: 2,
                        first_name: 'Ana',
                        last_name: 'Reyes',
                        phone: '+639171112222',
                        email: '',
                        location_name: 'Makati',
                      },
                    ],
                  }
                : {
                    dry_run: true,
                    count: 0,
                    errors: [{ line: 3, field: 'phone', message: 'Enter a Philippine phone number.' }],
                    preview: [],
                  },
            }
          : { status: 201, data: { dry_run: false, count: 1, errors: [], preview: [] } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import clients' });
    const file = new File(['first_name,last_name\n'], 'clients.csv', { type: 'text/csv' });
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
    const errors = await within(dialog).findByRole('table', { name: 'Lines with errors' });
    expect(
      within(errors)
        .getAllByRole('row')
        .map((r) => Array.from(r.children, (cell) => cell.textContent)),
    ).toEqual([
      ['Line', 'Field', 'Problem'],
      ['3', 'phone', 'Enter a Philippine phone number.'],
    ]);
    expect(within(dialog).queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();

    clean = true;
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
    expect(await within(dialog).findByText('+63 917 111 2222')).toBeInTheDocument();
    const previewRows = within(within(dialog).getByRole('table', { name: 'Preview' })).getAllByRole('row');
    expect(previewRows.map((r) => Array.from(r.children, (cell) => cell.textContent))).toEqual([
      ['Line', 'Name', 'Mobile', 'Email', 'Location'],
      ['2', 'Ana Reyes', '+63 917 111 2222', '—', 'Makati'],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1' }));
    expect(await screen.findByText('1 client imported.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.url);
    expect(posts).toEqual([
      '/clients/import/?dry_run=true',
      '/clients/import/?dry_run=true',
      '/clients/import/?dry_run=false',
    ]);
    expect(calls.find((c) => c.method === 'POST')?.data).toBeInstanceOf(FormData);
  });

  it('closes the import from the × in its title, as the other full-screen dialogs close', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import clients' });
    const title = within(dialog).getByRole('heading', { name: 'Import clients' });
    expect(title.nextElementSibling).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
