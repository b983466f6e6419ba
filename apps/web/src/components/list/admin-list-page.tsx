import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import type { z } from 'zod';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  GridActionsCellItem,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useRevalidate, type ListQuerySchema, type ListResource } from '../../lib/list-query';
import { useSnackbar } from '../snackbar-provider';
import { AdminListGrid } from './admin-list-grid';
import { ConfirmDialog } from '../form/confirm-dialog';
import { FilterSelect, type ListFilter } from './list-filters';
import { ListToolbar } from './list-toolbar';
import { acceptsOrdering, useAdminList } from './use-admin-list';

/** What the create/edit form gets: the row (null: a new one), the list's filters (a default for new rows), and close. */
export type AdminFormProps<R> = { row: R | null; filters: Record<string, string>; onClose: () => void };

/** What the list says; everything but the two names follows from them unless given. */
export type AdminListTexts = {
  /** The list's name: the grid's label and the error title ("The bank accounts could not be loaded"). */
  label: string;
  /** One row, lower case: "New bank account", "Delete bank account?". */
  one: string;
  searchLabel?: string;
  addLabel?: string;
  /** Nothing at all yet. */
  empty?: string;
  /** Nothing matches the search and filters. */
  noMatch?: string;
};

const textsOf = ({ label, one, ...given }: AdminListTexts) => {
  const many = label.toLowerCase();
  return {
    label,
    searchLabel: given.searchLabel ?? `Search ${many}`,
    addLabel: given.addLabel ?? `New ${one}`,
    empty: given.empty ?? `No ${many} yet. Add the first one.`,
    noMatch: given.noMatch ?? `No ${many} match these filters.`,
    deleteTitle: `Delete ${one}?`,
  };
};

export type AdminDeleteTexts<R> = {
  /** "Delete {one}?" unless given. */
  title?: string;
  /** "Delete" unless given. */
  confirmLabel?: string;
  /** What deleting this row does (deleted, deactivated instead, refused). */
  body: (row: R) => ReactNode;
};

type AdminListPageProps<R extends GridValidRowModel & { id: number }, S extends ListQuerySchema> = {
  resource: ListResource<R, S>;
  /** The data columns; the page adds the actions column. A column the server cannot sort by is not sortable. */
  columns: GridColDef<R>[];
  /** Filter selects between the search and the add button. */
  filters?: readonly ListFilter<keyof S['shape'] & string>[];
  texts: AdminListTexts;
  /** How a row is named in its action labels ("Edit Hilot") and the default delete message; its `name` unless given. */
  rowName?: (row: R) => string;
  deleteTexts: AdminDeleteTexts<R>;
  /** The create/edit dialog. */
  form: (props: AdminFormProps<R>) => ReactNode;
  /** Open an existing row somewhere else (its own page) instead of the form. */
  onOpen?: (row: R) => void;
  /** The Edit action's icon (a pencil unless given). */
  openIcon?: ReactElement;
  /** Row actions between Edit and Delete. */
  actions?: (row: R) => ReactElement[];
  /** Columns shown on phones besides the actions; the first column unless given. */
  phoneColumns?: string[];
  /** Anything the list also renders (a dialog opened by one of `actions`). */
  children?: ReactNode;
  /** Rows a page at first (25 unless given). */
  pageSize?: number;
  /** More toolbar buttons after the filters, given the query the list sends now (an export of the filtered list). */
  toolbar?: (query: z.input<S>) => ReactNode;
};

/** On a phone only `phoneColumns` (else the first column) show; elsewhere every column does. Says which. */
const usePhoneColumns = <R extends GridValidRowModel>(
  columns: GridColDef<R>[],
  phoneColumns: string[] | undefined,
): { phone: boolean; columnVisibilityModel: GridColumnVisibilityModel | undefined } => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const hiddenOnPhone = useMemo<GridColumnVisibilityModel>(() => {
    const keep = new Set(phoneColumns ?? columns.slice(0, 1).map((c) => c.field));
    return Object.fromEntries(columns.filter((c) => !keep.has(c.field)).map((c) => [c.field, false]));
  }, [columns, phoneColumns]);
  return { phone, columnVisibilityModel: phone ? hiddenOnPhone : undefined };
};

/**
 * An administration list screen from its columns, filters and texts: search, filters, a server-paged
 * grid with one loading, empty and error state, Edit (or row click) opening the form, and Delete
 * asking first and then showing the server's sentence (deleted, or deactivated instead).
 */
export const AdminListPage = <R extends GridValidRowModel & { id: number }, S extends ListQuerySchema>({
  resource,
  columns,
  filters = [],
  texts: givenTexts,
  rowName = (row) => String(row.name),
  deleteTexts,
  form,
  onOpen,
  openIcon = <EditOutlined />,
  actions,
  phoneColumns,
  children,
  pageSize,
  toolbar,
}: AdminListPageProps<R, S>) => {
  const texts = textsOf(givenTexts);
  const list = useAdminList(resource, filters, pageSize);
  const [editing, setEditing] = useState<{ row: R | null } | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const revalidate = useRevalidate(resource.stale);
  const { showSnackbar } = useSnackbar();
  const { phone, columnVisibilityModel } = usePhoneColumns(columns, phoneColumns);
  const open = onOpen ?? ((row: R) => setEditing({ row }));

  const gridColumns = useMemo<GridColDef<R>[]>(() => {
    const data = columns.map((column) => ({
      ...column,
      sortable: column.sortable !== false && acceptsOrdering(resource.schema, column.field),
    }));
    const actionsColumn: GridColDef<R> = {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: 48 * (2 + (actions ? 1 : 0)),
      getActions: ({ row }) => [
        <GridActionsCellItem key="edit" icon={openIcon} label={`Edit ${rowName(row)}`} onClick={() => open(row)} />,
        ...(actions ? actions(row) : []),
        <GridActionsCellItem
          key="delete"
          icon={<DeleteOutlined />}
          label={`Delete ${rowName(row)}`}
          onClick={() => setDeleting(row)}
        />,
      ],
    };
    // On a phone the actions come right after the row's name, never scrolled off the edge (decision 0620).
    return phone ? [...data.slice(0, 1), actionsColumn, ...data.slice(1)] : [...data, actionsColumn];
    // `open`, `rowName` and `actions` only read their row; new identities need no new columns.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns, resource.schema, phone]);

  const handleDelete = async () => {
    if (!deleting) return;
    const result = await resource.remove(deleting);
    await revalidate();
    showSnackbar(result?.message ?? `${rowName(deleting)} deleted.`, 'success');
  };

  return (
    <>
      <ListToolbar
        searchLabel={texts.searchLabel}
        searchText={list.searchText}
        onSearchChange={list.setSearchText}
        addLabel={texts.addLabel}
        onAdd={() => setEditing({ row: null })}
      >
        {filters.map((filter) => (
          <FilterSelect
            key={filter.name}
            filter={filter}
            value={list.filters[filter.name] ?? ''}
            onChange={(value) => list.setFilter(filter.name, value)}
          />
        ))}
        {toolbar ? toolbar(list.query) : null}
      </ListToolbar>
      <AdminListGrid<R>
        list={list}
        label={texts.label}
        columns={gridColumns}
        columnVisibilityModel={columnVisibilityModel}
        emptyText={list.filtered ? texts.noMatch : texts.empty}
        onRowClick={open}
      />
      {editing ? (
        <FormSlot
          key={editing.row?.id ?? 'new'}
          render={form}
          row={editing.row}
          filters={list.filters}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={deleteTexts.title ?? texts.deleteTitle}
        confirmLabel={deleteTexts.confirmLabel ?? 'Delete'}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting ? deleteTexts.body(deleting) : null}
      </ConfirmDialog>
      {children}
    </>
  );
};

/** Keyed per row, so a form opened for another row starts from that row's values. */
const FormSlot = <R,>({
  render,
  ...props
}: AdminFormProps<R> & { render: (props: AdminFormProps<R>) => ReactNode }) => <>{render(props)}</>;
