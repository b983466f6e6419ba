import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import { AdminGrid } from './admin-grid';
import { statusColumn } from './list-columns';

type Thing = { id: number; name: string; colour: string; is_active?: boolean };
const columns: GridColDef<Thing>[] = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'colour', headerName: 'Colour', width: 120 },
];

const grid = (
  columnVisibilityModel?: GridColumnVisibilityModel,
  shown: GridColDef<Thing>[] = columns,
  rows: Thing[] = [{ id: 1, name: 'Teak', colour: 'brown' }],
) => (
  <AdminGrid<Thing>
    label="Things"
    rows={rows}
    rowCount={rows.length}
    columns={shown}
    loading={false}
    error={undefined}
    onRetry={() => undefined}
    paginationModel={{ page: 0, pageSize: 25 }}
    onPaginationModelChange={() => undefined}
    columnVisibilityModel={columnVisibilityModel}
    emptyText="Nothing yet."
  />
);

describe('AdminGrid', () => {
  it('shows every column again when a phone’s hidden columns are no longer asked for (a window widened)', () => {
    const { rerender } = render(grid({ colour: false }));
    expect(screen.queryByRole('columnheader', { name: 'Colour' })).not.toBeInTheDocument();
    rerender(grid(undefined));
    expect(screen.getByRole('columnheader', { name: 'Colour' })).toBeInTheDocument();
    expect(screen.getByText('brown')).toBeInTheDocument();
  });

  describe('an inactive row where the Status column is hidden (a phone)', () => {
    const withStatus: GridColDef<Thing>[] = [
      { field: 'name', headerName: 'Name', flex: 1 },
      { field: 'colour', headerName: 'Colour', width: 120, renderCell: ({ row }) => <em>{row.colour} wood</em> },
      { field: 'is_active', headerName: 'Status', width: 110 },
    ];
    const rows: Thing[] = [
      { id: 1, name: 'Teak', colour: 'brown', is_active: true },
      { id: 2, name: 'Jade', colour: 'green', is_active: false },
    ];
    const statusGrid = (columnVisibilityModel?: GridColumnVisibilityModel) =>
      grid(columnVisibilityModel, withStatus, rows);
    const firstCells = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('gridcell')[0]!);

    it('shows the Inactive chip beside the first shown cell’s text, and nothing on active rows', () => {
      render(statusGrid({ colour: false, is_active: false }));
      expect(firstCells().map((cell) => cell.textContent)).toEqual(['Teak', 'JadeInactive']);
      // Every row grows with its wrapped text (decision 0644), the marked one with its chip.
      const grows = screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.classList.contains('MuiDataGrid-row--dynamicHeight'));
      expect(grows).toEqual([true, true]);
    });

    it('keeps the first shown column’s own rendering beside the chip', () => {
      render(statusGrid({ name: false, is_active: false }));
      const [teak, jade] = firstCells();
      expect(teak).toHaveTextContent(/^brown wood$/);
      expect(within(jade!).getByText('green wood').tagName).toBe('EM');
      expect(jade).toHaveTextContent(/^green woodInactive$/);
    });

    it("marks an active row with the Status column's note, on a phone beside the first cell, wide in the column", () => {
      type Account = { id: number; name: string; is_active: boolean; fresh: boolean };
      const accounts: Account[] = [
        { id: 1, name: 'ana', is_active: true, fresh: false },
        { id: 2, name: 'ben', is_active: true, fresh: true },
        { id: 3, name: 'cora', is_active: false, fresh: true },
      ];
      const noted: GridColDef<Account>[] = [
        { field: 'name', headerName: 'Username', flex: 1 },
        statusColumn({}, (row) => (row.fresh ? 'Password not yet chosen' : null)),
      ];
      const accountGrid = (visibility?: GridColumnVisibilityModel) => (
        <AdminGrid<Account>
          label="Users"
          rows={accounts}
          rowCount={accounts.length}
          columns={noted}
          loading={false}
          error={undefined}
          onRetry={() => undefined}
          paginationModel={{ page: 0, pageSize: 25 }}
          onPaginationModelChange={() => undefined}
          columnVisibilityModel={visibility}
          emptyText="Nothing yet."
        />
      );
      const { unmount } = render(accountGrid({ is_active: false }));
      expect(firstCells().map((cell) => cell.textContent)).toEqual([
        'ana',
        'benPassword not yet chosen',
        'coraInactive',
      ]);
      const grows = screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.classList.contains('MuiDataGrid-row--dynamicHeight'));
      // Every row grows with its wrapped text (decision 0644), the marked ones with their chips.
      expect(grows).toEqual([true, true, true]);
      unmount();

      render(accountGrid(undefined));
      const statuses = screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('gridcell')[1]!.textContent);
      // An inactive account says Inactive: nobody signs in with it, so its password can wait.
      expect(statuses).toEqual(['Active', 'Password not yet chosen', 'Inactive']);
    });

    it('adds nothing where the Status column shows (a wide screen)', () => {
      render(statusGrid(undefined));
      expect(firstCells().map((cell) => cell.textContent)).toEqual(['Teak', 'Jade']);
      expect(screen.queryByText('Inactive')).not.toBeInTheDocument();
    });
  });
});
