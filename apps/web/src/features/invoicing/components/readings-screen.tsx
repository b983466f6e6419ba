import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { formatPeso, type Reading, type ReadingKind } from '@ginhawa/contract';
import { AdminListGrid } from '../../../components/list/admin-list-grid';
import { FilterSelect, type ListFilter } from '../../../components/list/list-filters';
import { acceptsOrdering, useAdminList } from '../../../components/list/use-admin-list';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { useSnackbar } from '../../../components/snackbar-provider';
import { getErrorMessage } from '../../../lib/api-client';
import { useActiveTerminals } from '../../../lib/desk-invoicing';
import { formatDate, formatDateTime } from '../../../lib/format';
import { readingKey, readingsResource, takeReading, useRevalidateReadings } from '../api/readings';
import { ReadingDialog } from './readings-view';

const KIND_LABELS = { x: 'X reading', z: 'Z reading' } as const satisfies Record<ReadingKind, string>;

const kindFilter: ListFilter<'kind'> = {
  name: 'kind',
  label: 'Kind',
  allLabel: 'X and Z',
  options: Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label })),
  minWidth: 150,
};
const FILTERS = [kindFilter];

const KindChip = ({ kind }: { kind: ReadingKind }) => (
  <Chip
    label={KIND_LABELS[kind]}
    size="small"
    color={kind === 'z' ? 'primary' : 'default'}
    variant={kind === 'z' ? 'filled' : 'outlined'}
  />
);

const columnsOf = (phone: boolean): GridColDef<Reading>[] => [
  {
    field: 'business_date',
    headerName: 'Day',
    minWidth: phone ? 0 : 130,
    flex: phone ? 1 : undefined,
    renderCell: ({ row }) =>
      phone ? (
        <Box sx={{ lineHeight: 1.4 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {formatDate(row.business_date)} <KindChip kind={row.kind} />
            {row.z_counter !== null ? <span>no. {row.z_counter}</span> : null}
          </Box>
          <Typography variant="body2" color="textSecondary">
            {row.terminal_name} · gross {formatPeso(row.snapshot.gross)} · {row.snapshot.document_count}{' '}
            {row.snapshot.document_count === 1 ? 'document' : 'documents'}
          </Typography>
        </Box>
      ) : (
        formatDate(row.business_date)
      ),
  },
  { field: 'kind', headerName: 'Kind', minWidth: 130, renderCell: ({ row }) => <KindChip kind={row.kind} /> },
  {
    field: 'z_counter',
    headerName: 'Z counter',
    minWidth: 110,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: number | null) => (value === null ? '—' : String(value)),
  },
  {
    field: 'gross',
    headerName: 'Gross',
    minWidth: 130,
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_value, row) => row.snapshot.gross,
    valueFormatter: (value: string) => formatPeso(value),
  },
  {
    field: 'document_count',
    headerName: 'Documents',
    minWidth: 110,
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_value, row) => row.snapshot.document_count,
  },
  { field: 'terminal_name', headerName: 'Terminal', flex: 1, minWidth: 140 },
  {
    field: 'made_at',
    headerName: 'Made',
    minWidth: 180,
    valueFormatter: (value: string) => formatDateTime(value),
  },
];

/**
 * /readings (issue 33; decisions 1020, 1030): the X and Z readings of the terminals at the person's
 * branches (Admins: all). Choose the terminal (the only one is chosen already); the desk and
 * Managers take an X reading, Managers and Admins (`canZ`) the Z reading that closes the terminal's
 * day, after a confirmation where the server's refusal is shown. The list is newest first, paged
 * on the server; a row, or a reading just taken, opens as it prints.
 */
export const ReadingsScreen = ({
  canZ,
  reach,
}: {
  canZ: boolean;
  /** The branches whose terminals the person may choose; null: every branch (Admins). */
  reach: readonly number[] | null;
}) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const terminals = useActiveTerminals();
  const choices = useMemo(
    () => (terminals.data?.results ?? []).filter((t) => reach === null || reach.includes(t.location)),
    [terminals.data, reach],
  );
  const [picked, setPicked] = useState('');
  // One terminal at the person's branches: it is the one.
  const chosen = choices.find((t) => String(t.id) === picked) ?? (choices.length === 1 ? choices[0] : undefined);
  const resource = useMemo(
    () => ({
      ...readingsResource,
      key: (query: Parameters<typeof readingsResource.key>[0]) =>
        readingsResource.key({ ...query, terminal: chosen ? String(chosen.id) : undefined }),
    }),
    [chosen],
  );
  const list = useAdminList(resource, FILTERS);
  const columns = useMemo(
    () =>
      columnsOf(phone).map((column) => ({
        ...column,
        sortable: acceptsOrdering(readingsResource.schema, column.field),
      })),
    [phone],
  );
  const [open, setOpen] = useState<number | null>(null);
  const [askingZ, setAskingZ] = useState(false);
  const [taking, setTaking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { mutate } = useSWRConfig();
  const revalidate = useRevalidateReadings();
  const { showSnackbar } = useSnackbar();

  /** Keeps the reading just made as its read-back, refreshes the lists, and opens it. */
  const made = async (reading: Reading) => {
    await mutate(readingKey(reading.id), reading, { revalidate: false });
    showSnackbar(
      reading.kind === 'z'
        ? `Z reading no. ${reading.z_counter} made: ${reading.terminal_name}'s day is closed.`
        : `X reading of ${reading.terminal_name} made.`,
      'success',
    );
    setOpen(reading.id);
    await revalidate();
  };

  const takeX = async () => {
    if (!chosen) return;
    setTaking(true);
    setError(null);
    try {
      await made(await takeReading('x', chosen.id));
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setTaking(false);
    }
  };

  const choose = (value: string) => {
    setPicked(value);
    setError(null);
    list.setPaginationModel({ ...list.paginationModel, page: 0 });
  };

  const terminalHelp = terminals.error
    ? getErrorMessage(terminals.error)
    : terminals.data && choices.length === 0
      ? 'No active terminal at your branches: an Admin adds one in Settings → Tax and invoices.'
      : !chosen && choices.length > 1
        ? 'Choose a terminal to take its reading.'
        : undefined;

  return (
    <>
      <PageHeader title="Readings" subtitle="X readings for a shift, and the Z reading that closes a terminal's day." />
      <Card>
        <Box
          sx={{
            display: 'flex',
            gap: 1.5,
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            p: { xs: 1.5, sm: 2 },
          }}
        >
          <TextField
            select
            size="small"
            label="Terminal"
            value={chosen ? String(chosen.id) : ''}
            onChange={(event) => choose(event.target.value)}
            disabled={!terminals.data || choices.length === 0}
            error={Boolean(terminals.error)}
            helperText={terminalHelp}
            sx={{ flex: { xs: '1 1 100%', sm: '0 1 280px' } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            {choices.length > 1 ? <MenuItem value="">All terminals</MenuItem> : null}
            {choices.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {`${t.name} · ${t.location_name}`}
              </MenuItem>
            ))}
          </TextField>
          <FilterSelect
            filter={kindFilter}
            value={list.filters.kind ?? ''}
            onChange={(value) => list.setFilter('kind', value)}
          />
          <Box
            sx={{
              display: 'flex',
              gap: 1,
              flexWrap: 'wrap',
              flex: { xs: '1 1 100%', md: '0 1 auto' },
              ml: { md: 'auto' },
            }}
          >
            <Button
              variant="outlined"
              onClick={() => void takeX()}
              disabled={!chosen || taking}
              sx={{ minHeight: 44, flex: { xs: '1 1 0', md: '0 0 auto' } }}
            >
              Take X reading
            </Button>
            {canZ ? (
              <Button
                variant="contained"
                onClick={() => {
                  setError(null);
                  setAskingZ(true);
                }}
                disabled={!chosen || taking}
                sx={{ minHeight: 44, flex: { xs: '1 1 0', md: '0 0 auto' } }}
              >
                Take Z reading
              </Button>
            ) : null}
          </Box>
        </Box>
        {error ? (
          <Alert severity="error" sx={{ mx: { xs: 1.5, sm: 2 }, mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <AdminListGrid<Reading>
          list={list}
          label="Readings"
          columns={columns}
          columnVisibilityModel={
            phone
              ? {
                  kind: false,
                  z_counter: false,
                  gross: false,
                  document_count: false,
                  terminal_name: false,
                  made_at: false,
                }
              : {}
          }
          emptyText={
            list.filtered
              ? 'No readings match these filters.'
              : 'No readings yet: take an X reading for a shift, or the Z reading to close the day.'
          }
          onRowClick={(row) => setOpen(row.id)}
        />
      </Card>
      {chosen ? (
        <ConfirmDialog
          open={askingZ}
          title={`Take the Z reading of ${chosen.name}?`}
          confirmLabel="Take Z reading"
          onConfirm={async () => made(await takeReading('z', chosen.id))}
          onClose={() => setAskingZ(false)}
        >
          It closes {chosen.name}&apos;s business day at {chosen.location_name} and counts: its Z counter goes up by
          one, and the day&apos;s invoices can then only be corrected with a credit memo. A Z reading cannot be undone.
        </ConfirmDialog>
      ) : null}
      {open !== null ? <ReadingDialog key={open} id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
};
