import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { ClientSearch } from './client-search';
import { rememberClient } from './recent-clients';
import { liza, page } from './test-data';

const desk = { id: 31, locations: [4], admin: false };
const linkTo = (id: number) => `/clients/${id}`;
const locations = {
  'GET /locations/': {
    status: 200,
    data: page([
      { id: 2, name: 'Makati', is_active: true },
      { id: 4, name: 'Ortigas', is_active: true },
    ]),
  },
};

describe('client search at the desk', () => {
  beforeEach(() => window.localStorage.clear());

  it('lists the recent clients of this person while the box is empty', async () => {
    rememberClient(31, liza);
    rememberClient(31, { id: 8, full_name: 'Rosa Cruz', location_name: 'Ortigas' });
    rememberClient(32, { id: 9, full_name: 'Someone Else', location_name: 'Ortigas' });
    mockApi({});
    renderWithRouter(<ClientSearch linkTo={linkTo} desk={desk} />);
    const recent = screen.getByRole('list', { name: 'Recent clients' });
    const links = within(recent).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Rosa CruzOrtigas', 'Liza SoberanoMakati']);
    expect(links[1]).toHaveAttribute('href', '/clients/7');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a client' }), 'x');
    expect(screen.queryByRole('list', { name: 'Recent clients' })).not.toBeInTheDocument();
  });

  it('says when more than the listed clients match', async () => {
    mockApi({ 'GET /clients/search/': { status: 200, data: { results: [liza], more: true } } });
    renderWithRouter(<ClientSearch linkTo={linkTo} desk={desk} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a client' }), 'li');
    expect(await screen.findByText(/^20\+ results — refine your search/)).toBeInTheDocument();
  });

  it('offers a new client when nothing matches, prefilled from the search, homed at the desk, and opens them', async () => {
    const calls = mockApi({
      ...locations,
      'GET /clients/search/': { status: 200, data: { results: [], more: false } },
      'POST /clients/': { status: 201, data: { ...liza, id: 77, full_name: 'Perla dela Cruz' } },
    });
    const { router } = renderWithRouter(<ClientSearch linkTo={linkTo} desk={desk} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a client' }), 'Perla dela Cruz');
    expect(await screen.findByText('No client matches “Perla dela Cruz”.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New client' });
    expect(within(dialog).getByLabelText(/^First name/)).toHaveValue('Perla');
    expect(within(dialog).getByLabelText(/^Last name/)).toHaveValue('dela Cruz');
    // The short form: no address or notes; only the desk's own branch as the home.
    expect(within(dialog).queryByLabelText('Address')).not.toBeInTheDocument();
    expect(await within(dialog).findByRole('combobox', { name: /^Home location/ })).toHaveTextContent('Ortigas');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Home location/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Ortigas']);
    await userEvent.keyboard('{Escape}');
    await userEvent.type(within(dialog).getByLabelText(/^Mobile/), '0917 555 0101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add client' }));
    await screen.findByText('Perla dela Cruz added.');
    expect(router.state.location.pathname).toBe('/clients/77');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.data))).toMatchObject({
      first_name: 'Perla',
      last_name: 'dela Cruz',
      phone: '+639175550101',
      location: 4,
    });
  });

  it('as a picker, chooses the client clicked, a recent one or one just added, and never leaves the page', async () => {
    rememberClient(31, { id: 8, full_name: 'Rosa Cruz', location_name: 'Ortigas' });
    let found: unknown[] = [liza];
    mockApi({
      ...locations,
      'GET /clients/search/': () => ({ status: 200, data: { results: found, more: false } }),
      'POST /clients/': { status: 201, data: { ...liza, id: 77, full_name: 'Perla dela Cruz' } },
    });
    const picked: { id: number; full_name: string }[] = [];
    const { router } = renderWithRouter(
      <ClientSearch linkTo={linkTo} desk={desk} onPick={(c) => picked.push({ id: c.id, full_name: c.full_name })} />,
    );
    const recent = screen.getByRole('list', { name: 'Recent clients' });
    expect(within(recent).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(within(recent).getByRole('button', { name: 'Rosa Cruz Ortigas' }));

    const box = screen.getByRole('searchbox', { name: 'Find a client' });
    await userEvent.type(box, 'Liza');
    const results = await screen.findByRole('list', { name: 'Clients found' });
    expect(within(results).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(within(results).getByText('Liza Soberano'));
    await userEvent.click(
      within(results).getByRole('button', { name: 'Choose for Liza Soberano, mobile ending 4567' }),
    );

    found = [];
    await userEvent.clear(box);
    await userEvent.type(box, 'Perla dela Cruz');
    await userEvent.click(await screen.findByRole('button', { name: 'New client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New client' });
    await within(dialog).findByRole('combobox', { name: /^Home location/ });
    await userEvent.type(within(dialog).getByLabelText(/^Mobile/), '0917 555 0101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add client' }));
    await screen.findByText('Perla dela Cruz added.');

    expect(picked).toEqual([
      { id: 8, full_name: 'Rosa Cruz' },
      { id: 7, full_name: 'Liza Soberano' },
      { id: 7, full_name: 'Liza Soberano' },
      { id: 77, full_name: 'Perla dela Cruz' },
    ]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('tells namesakes apart in the buttons’ names: the mobile’s last digits, else the email, else the branch', async () => {
    const namesakes = [
      { ...liza, id: 21, full_name: 'Daniel Evangelista', phone: '+639171110042' },
      { ...liza, id: 22, full_name: 'Daniel Evangelista', phone: '+639189990318' },
      { ...liza, id: 23, full_name: 'Daniel Evangelista', phone: null, email: 'dan.e@example.ph' },
      { ...liza, id: 24, full_name: 'Daniel Evangelista', phone: null, email: '', location_name: 'Ortigas' },
    ];
    mockApi({ 'GET /clients/search/': { status: 200, data: { results: namesakes, more: false } } });
    const picked: number[] = [];
    renderWithRouter(<ClientSearch linkTo={linkTo} desk={desk} onPick={(c) => picked.push(c.id)} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a client' }), 'Daniel');
    const results = await screen.findByRole('list', { name: 'Clients found' });
    expect(
      within(results)
        .getAllByRole('button', { name: /^Choose for/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Choose for Daniel Evangelista, mobile ending 0042',
      'Choose for Daniel Evangelista, mobile ending 0318',
      'Choose for Daniel Evangelista, dan.e@example.ph',
      'Choose for Daniel Evangelista, Ortigas',
    ]);
    await userEvent.click(
      within(results).getByRole('button', { name: 'Choose for Daniel Evangelista, mobile ending 0318' }),
    );
    expect(picked).toEqual([22]);
  });

  it('names the keyboard shortcut only where there is a keyboard: a phone gets the placeholder whole', () => {
    mockApi({});
    setViewportWidth(390);
    const { unmount } = renderWithRouter(<ClientSearch linkTo={linkTo} desk={desk} />);
    expect(screen.getByRole('searchbox', { name: 'Find a client' })).toHaveAttribute(
      'placeholder',
      'Name, mobile or email',
    );
    unmount();
    setViewportWidth(1280);
    renderWithRouter(<ClientSearch linkTo={linkTo} desk={desk} />);
    expect(screen.getByRole('searchbox', { name: 'Find a client' })).toHaveAttribute(
      'placeholder',
      expect.stringMatching(/^Name, mobile or email \(press \/ or .+K\)$/),
    );
  });
});
