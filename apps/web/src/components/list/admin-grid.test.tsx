import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import { AdminGrid } from './admin-grid';

type Thing = { id: number; name: string; colour: string };
const columns: GridColDef<Thing>[] = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'colour', headerName: 'Colour', width: 120 },
];

const grid = (columnVisibilityModel?: GridColumnVisibilityModel) => (
  <AdminGrid<Thing>
    label="Things"
    rows={[{ id: 1, name: 'Teak', colour: 'brown' }]}
    rowCount={1}
    columns={columns}
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
});
