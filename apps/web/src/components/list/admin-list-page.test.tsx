import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { GridColDef } from '@mui/x-data-grid';
import { booleanQuery, type DeleteResult, type Page } from '@ginhawa/contract';
import { ApiError } from '../../lib/api-client';
import { under, withQuery, type ListResource } from '../../lib/list-query';
import { mockApi, type MockHandler } from '../../test/api-mock';
import { renderWithRouter } from '../../test/render';
import { AdminListPage, type AdminFormProps } from './admin-list-page';
import { statusFilter } from './list-filters';

type Thing = { id: number; name: string; colour: string; is_active: boolean };

// A list whose server sorts by name only: the grid must not offer to sort by colour.
const thingListQuerySchema = z.object({
  page: z.coerce.number().optional(),
  pageSize: z.coerce.number().optional(),
  search: z.string().optional(),
  ordering: z.enum(['name', '-name']).optional(),
  is_active: booleanQuery.optional(),
});

const page = (results: Thing[], count = results.length): Page<Thing> => ({
  count,
  next: null,
  previous: null,
  results,
});
const teak: Thing = { id: 1, name: 'Teak', colour: 'brown', is_active: true };
const jade: Thing = { id: 2, name: 'Jade', colour: 'green', is_active: false };

const columns: GridColDef<Thing>[] = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'colour', headerName: 'Colour', width: 120 },
];

const ThingForm = ({ row, filters, onClose }: AdminFormProps<Thing>) => (
  <div role="dialog" aria-label={row ? `Editing ${row.name}` : 'New thing'}>
    <span>Status filter: {filters.is_active || 'all'}</span>
    <button type="button" onClick={onClose}>
      Close
    </button>
  </div>
);

const setup = (
  routes: Record<string, MockHandler>,
  remove: (thing: Thing) => Promise<DeleteResult | undefined> = () => Promise.resolve(undefined),
  pageSize?: number,
) => {
  const calls = mockApi(routes);
  const resource: ListResource<Thing, typeof thingListQuerySchema> = {
    schema: thingListQuerySchema,
    key: (query) => withQuery('/things/', query),
    stale: under('/things/'),
    remove: vi.fn(remove),
  };
  renderWithRouter(
    <AdminListPage
      resource={resource}
      columns={columns}
      filters={[statusFilter()]}
      texts={{ label: 'Things', one: 'thing' }}
      deleteTexts={{ body: (thing) => <>{thing.name} goes for good.</> }}
      form={(props) => <ThingForm {...props} />}
      pageSize={pageSize}
    />,
  );
  const reads = () => calls.filter((c) => c.method === 'GET').map((c) => c.url);
  return { calls, reads, resource };
};

// Data Grid is slow in jsdom, more so on a busy machine.
describe('AdminListPage', { timeout: 20_000 }, () => {
  it('shows the grid loading until the first page arrives, then its rows', async () => {
    let answer: (reply: { status: number; data: unknown }) => void = () => undefined;
    setup({ 'GET /things/': () => new Promise((resolve) => (answer = resolve)) });
    const grid = await screen.findByRole('grid', { name: 'Things' });
    // Data Grid's loading overlay: skeleton rows, and no "nothing yet" while the answer is awaited.
    const skeleton = () => grid.querySelector('.MuiDataGrid-skeletonLoadingOverlay');
    await waitFor(() => expect(skeleton()).not.toBeNull());
    expect(screen.queryByText('No things yet. Add the first one.')).not.toBeInTheDocument();
    answer({ status: 200, data: page([teak, jade]) });
    expect(await screen.findByRole('row', { name: /Teak/ })).toBeInTheDocument();
    expect(skeleton()).toBeNull();
  });

  it('says there is nothing yet, and that nothing matches once a search or filter narrows the list', async () => {
    const { reads } = setup({ 'GET /things/': { status: 200, data: page([]) } });
    expect(await screen.findByText('No things yet. Add the first one.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    expect(await screen.findByText('No things match these filters.')).toBeInTheDocument();
    expect(reads()).toContain('/things/?page=1&pageSize=25&is_active=false');
  });

  it('writes counts with separators on the pager a long page shows above the grid', async () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ ...teak, id: i + 1, name: `Thing ${i + 1}` }));
    setup({ 'GET /things/': { status: 200, data: page(many, 2000) } }, undefined, 100);
    expect(await screen.findAllByText('1–100 of 2,000')).not.toHaveLength(0);
    expect(screen.queryByText(/of 2000/)).not.toBeInTheDocument();
  });

  it('shows one error state with the server sentence, and Try again reads the page again', async () => {
    let attempt = 0;
    const { reads } = setup({
      'GET /things/': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 404, data: { message: 'No such list.' } }
          : { status: 200, data: page([teak]) };
      },
    });
    expect(await screen.findByRole('heading', { name: 'The things could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('No such list.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /Teak/ })).toBeInTheDocument();
    expect(reads()).toHaveLength(2);
  });

  it("asks before deleting, shows the server's sentence, and reads the list again", async () => {
    const { reads, resource } = setup({ 'GET /things/': { status: 200, data: page([teak]) } }, () =>
      Promise.resolve({ result: 'deactivated' as const, message: 'Teak is in use, so it was deactivated instead.' }),
    );
    await screen.findByRole('row', { name: /Teak/ });
    await userEvent.click(screen.getByLabelText('Delete Teak'));
    const dialog = screen.getByRole('dialog', { name: 'Delete thing?' });
    expect(within(dialog).getByText('Teak goes for good.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Teak is in use, so it was deactivated instead.')).toBeInTheDocument();
    expect(resource.remove).toHaveBeenCalledWith(teak);
    await waitFor(() => expect(reads()).toHaveLength(2));
  });

  it('keeps the dialog open with the refusal when the server says no; without a sentence it says the row was deleted', async () => {
    let attempt = 0;
    setup({ 'GET /things/': { status: 200, data: page([teak]) } }, () => {
      attempt += 1;
      return attempt === 1
        ? Promise.reject(new ApiError('Teak is still used by 3 orders.', { status: 409 }))
        : Promise.resolve(undefined);
    });
    await screen.findByRole('row', { name: /Teak/ });
    await userEvent.click(screen.getByLabelText('Delete Teak'));
    const dialog = screen.getByRole('dialog', { name: 'Delete thing?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Teak is still used by 3 orders.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Teak deleted.')).toBeInTheDocument();
  });

  it('opens the form for a clicked row and for a new one (with the filters), and sorts only where the server can', async () => {
    const { reads } = setup({ 'GET /things/': { status: 200, data: page([teak]) } });
    await userEvent.click(await screen.findByText('brown'));
    expect(screen.getByRole('dialog', { name: 'Editing Teak' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'New thing' }));
    expect(screen.getByRole('dialog', { name: 'New thing' })).toHaveTextContent('Status filter: all');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('columnheader', { name: 'Colour' }));
    await userEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    await waitFor(() => expect(reads()).toContain('/things/?page=1&pageSize=25&ordering=name'));
    expect(reads().some((url) => url.includes('colour'))).toBe(false);
  });
});
