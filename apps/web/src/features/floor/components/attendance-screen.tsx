import { useState } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { periodContaining, todayInManila, type Attendance } from '@ginhawa/contract';
import { CsvLink } from '../../../components/figures/csv-link';
import { FigureTable, type FigureColumn } from '../../../components/figures/figure-table';
import { PeriodFields } from '../../../components/figures/period-fields';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import { BranchSelect } from '../../../components/branch-select';
import { PageHeader } from '../../../components/page-header';
import { formatDateRange } from '../../../lib/format';
import { ATTENDANCE_PATH, attendanceParams, useAttendance, type AttendancePeriod } from '../api/attendance';

type Row = Attendance['rows'][number];

const KIND_LABEL: Record<Row['employee_kind'], string> = { therapist: 'Therapist', receptionist: 'Receptionist' };

type AttendanceScreenProps = {
  /** The branches to choose from (Admins: every active one; Managers: theirs). */
  locations: readonly { id: number; name: string }[];
  /** Admins read every branch at once ("All branches"); a Manager's "all" is their own branches. */
  admin: boolean;
  boardPath: string;
};

const NAME: FigureColumn<Row> = { label: 'Name', render: (r) => r.employee_name };

/** On a phone the role and branch go under the name, as the top lists do, so the table fits unscrolled (0621). */
const NAME_ON_PHONE: FigureColumn<Row> = {
  label: 'Name',
  wrap: true,
  render: (r) => (
    <>
      {r.employee_name}
      <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        {KIND_LABEL[r.employee_kind]} · {r.location_name}
      </Typography>
    </>
  ),
};

// The figures next to the name (decision 0620).
const FIGURES: FigureColumn<Row>[] = [
  { label: 'Days', align: 'right', render: (r) => r.days },
  { label: 'Hours', align: 'right', render: (r) => r.hours },
];

const Table = ({ data }: { data: Attendance }) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <FigureTable
      label="Attendance"
      rows={data.rows}
      rowKey={(r) => `${r.employee}-${r.location}`}
      empty={`No shifts clocked ${formatDateRange(data.date_from, data.date_to)}.`}
      columns={
        phone
          ? [NAME_ON_PHONE, ...FIGURES]
          : [
              NAME,
              ...FIGURES,
              { label: 'Role', render: (r) => KIND_LABEL[r.employee_kind] },
              { label: 'Branch', render: (r) => r.location_name },
            ]
      }
    />
  );
};

/**
 * /floor/attendance (Managers and Admins; docs/decisions/0903): per person, the days with a shift and
 * the hours of closed shifts in one cutoff, as clocked on the floor board, with its CSV for payroll.
 */
export const AttendanceScreen = ({ locations, admin, boardPath }: AttendanceScreenProps) => {
  const [period, setPeriod] = useState<AttendancePeriod>(() => ({
    ...periodContaining(todayInManila()),
    location: null,
  }));
  const attendance = useAttendance(period);
  const change = (next: Partial<AttendancePeriod>) => setPeriod((prev) => ({ ...prev, ...next }));

  let body;
  if (attendance.error && !attendance.data)
    body = (
      <LoadError
        title="The attendance could not be loaded"
        error={attendance.error}
        onRetry={() => void attendance.mutate()}
      />
    );
  else if (!attendance.data) body = <LoadingBlock label="Loading the attendance" />;
  else
    body = (
      <>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {formatDateRange(attendance.data.date_from, attendance.data.date_to)} · hours of closed shifts
        </Typography>
        <Table data={attendance.data} />
      </>
    );

  return (
    <>
      <PageHeader
        title="Attendance"
        subtitle="Days and hours per person per cutoff, from clocking in and out on the floor board."
        action={
          <Button component={Link} to={boardPath}>
            Floor board
          </Button>
        }
      />
      <Card sx={{ p: 2 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <BranchSelect
            locations={locations}
            admin={admin}
            value={period.location}
            onChange={(location) => change({ location })}
            sx={{ minWidth: 180 }}
          />
          <PeriodFields month={period.month} year={period.year} cutoff={period.cutoff} onChange={change} />
          <Box sx={{ flexGrow: 1 }} />
          <CsvLink path={ATTENDANCE_PATH} params={attendanceParams(period)} label="Download CSV" />
        </Stack>
        {body}
      </Card>
    </>
  );
};
