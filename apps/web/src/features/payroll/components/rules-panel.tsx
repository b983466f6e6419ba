import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { todayInManila, type CommissionRule, type Page } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { AdminGrid } from '../../../components/list/admin-grid';
import { namedOptions } from '../../../components/list/list-filters';
import { formatDate, formatPeso } from '../../../lib/format';
import { getPage } from '../../../lib/list-query';
import { useLocationOptions } from '../../../lib/options';
import { rulesResource } from '../api/commission-rules';
import { RuleForm } from './rule-form';
import { rateLabel } from './rule-target';

/** In force today, ended, or starting later: a rule's place in its target's history. */
const stateOf = (rule: CommissionRule, today: string) => {
  if (rule.effective_from > today) return { label: `From ${formatDate(rule.effective_from)}`, color: 'info' } as const;
  if (rule.effective_to && rule.effective_to < today) return { label: 'Ended', color: 'default' } as const;
  return { label: 'Current', color: 'success' } as const;
};

const ROLE_LABELS = { therapist: 'Therapists', salesperson: 'Salespersons' } as const;

const targetOf = (row: CommissionRule) =>
  `${row.target_label}${row.applies_to === 'requested_bonus' ? ' (requested bonus)' : ''}`;

// The history of a target reads down the list: each rule's days, the next starting where it ended.
const inForceOf = (row: CommissionRule) =>
  row.effective_to
    ? `${formatDate(row.effective_from)} to ${formatDate(row.effective_to)}`
    : `since ${formatDate(row.effective_from)}`;

const StateChip = ({ rule, today }: { rule: CommissionRule; today: string }) => {
  const state = stateOf(rule, today);
  return <Chip size="small" label={state.label} color={state.color} />;
};

/**
 * A phone's one cell for the whole rule: the target, then whom it pays and the rate, then the branch
 * and the days, wrapped and never cut (the row grows), and where it stands today; as the pay runs and
 * attendance lists put under the name what their hidden columns say (docs/decisions/0621, 0622).
 */
const RuleSummary = ({ rule, today }: { rule: CommissionRule; today: string }) => (
  <Box sx={{ py: 1, minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3 }}>
    <Typography variant="body2" sx={{ lineHeight: 1.3 }}>
      {targetOf(rule)}
    </Typography>
    <Typography variant="caption" color="textSecondary" component="div" sx={{ lineHeight: 1.3 }}>
      {`${ROLE_LABELS[rule.role]} · ${rateLabel(rule, formatPeso)}`}
    </Typography>
    <Typography variant="caption" color="textSecondary" component="div" sx={{ lineHeight: 1.3, mb: 0.5 }}>
      {`${rule.location_name ?? 'Every branch'} · ${inForceOf(rule)}`}
    </Typography>
    <StateChip rule={rule} today={today} />
  </Box>
);

/**
 * A phone shows one column, the rule, with everything the other columns say under its target
 * (RuleSummary). The least widths, with the 96 px of Edit and Delete, add up to 946 px, within the
 * 962 px a 1280 px window leaves beside the drawer (less a scrollbar), so the actions show without
 * scrolling sideways.
 */
const columnsOf = (today: string, phone: boolean): GridColDef<CommissionRule>[] => [
  {
    field: 'target_label',
    headerName: phone ? 'Rule' : 'Applies to',
    flex: 1.3,
    minWidth: 140,
    sortable: false,
    valueGetter: (_value, row) => targetOf(row),
    renderCell: phone ? ({ row }) => <RuleSummary rule={row} today={today} /> : undefined,
  },
  {
    field: 'role',
    headerName: 'Paid to',
    width: 110,
    valueFormatter: (value: CommissionRule['role']) => ROLE_LABELS[value],
  },
  {
    field: 'value',
    headerName: 'Rate',
    flex: 1.2,
    minWidth: 140,
    valueGetter: (_value, row) => rateLabel(row, formatPeso),
  },
  {
    field: 'location_name',
    headerName: 'Branch',
    width: 130,
    sortable: false,
    valueGetter: (_value, row) => row.location_name ?? 'Every branch',
  },
  {
    field: 'effective_from',
    headerName: 'In force',
    flex: 1.2,
    minWidth: 200,
    valueGetter: (_value, row) => inForceOf(row),
  },
  {
    field: 'state',
    headerName: 'Now',
    width: 130,
    sortable: false,
    renderCell: ({ row }) => <StateChip rule={row} today={today} />,
  },
];

const roleFilter = {
  name: 'role',
  label: 'Paid to',
  allLabel: 'Everyone',
  options: [
    { value: 'therapist', label: 'Therapists' },
    { value: 'salesperson', label: 'Salespersons' },
  ],
  minWidth: 140,
} as const;

/** Managers read the rules their branches pay by; only Admins change them (the server says so too). */
const RulesReadOnly = ({ columns, phone }: { columns: GridColDef<CommissionRule>[]; phone: boolean }) => {
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const rules = useSWR<Page<CommissionRule>, unknown>(
    rulesResource.key({ ordering: '-effective_from', page: paging.page + 1, pageSize: paging.pageSize }),
    getPage<CommissionRule>,
  );
  return (
    <AdminGrid<CommissionRule>
      label="Commission rules"
      rows={rules.data?.results}
      rowCount={rules.data?.count}
      columns={columns}
      // On a phone the rule's one cell says what these columns do (RuleSummary).
      columnVisibilityModel={
        phone ? { role: false, value: false, location_name: false, effective_from: false, state: false } : undefined
      }
      loading={rules.isLoading}
      error={rules.error}
      onRetry={() => void rules.mutate()}
      paginationModel={paging}
      onPaginationModelChange={setPaging}
      emptyText="No commission rules yet: an administrator sets them."
    />
  );
};

/** The commission rules with each target's dated history; Admins add, change and delete them. */
export const RulesPanel = ({ admin }: { admin: boolean }) => {
  const [today] = useState(todayInManila);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columns = useMemo(() => columnsOf(today, phone), [today, phone]);
  const locations = useLocationOptions({ activeOnly: false });
  if (!admin) return <RulesReadOnly columns={columns} phone={phone} />;
  return (
    <AdminListPage
      resource={rulesResource}
      columns={columns}
      phoneColumns={['target_label']}
      filters={[
        roleFilter,
        { name: 'location', label: 'Branch', allLabel: 'All branches', options: namedOptions(locations.data?.results) },
      ]}
      texts={{
        label: 'Commission rules',
        one: 'commission rule',
        empty: 'No commission rules yet. Add the first one: what therapists or salespersons earn.',
      }}
      rowName={(rule) => rule.target_label}
      deleteTexts={{
        body: (rule) => (
          <>
            The rule for <strong>{rule.target_label}</strong> from {formatDate(rule.effective_from)} will be removed.
            Approved pay runs keep what they paid; drafts and earnings so far follow the rules left.
          </>
        ),
      }}
      form={({ row, onClose }) => <RuleForm rule={row} onClose={onClose} />}
    />
  );
};
