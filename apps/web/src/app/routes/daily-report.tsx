import { Link, Navigate, useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { MANAGER_GROUP } from '@ginhawa/contract';
import { isAdmin } from '../../features/auth/api/get-my-data';
import { DailyReportPanel } from '../../features/reports/components/daily-report-panel';
import { linesHref } from '../../features/reports/components/reports-screen';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useDeskInvoicing } from '../../lib/desk-invoicing';
import { useFlags } from '../../lib/flags';
import { useCurrentUser } from '../layout/current-user';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /reports/daily/:location/:date: one location's day, outside /admin (decision 0611). Its Managers
 * count the cash and submit; Admins (and another Manager of the location) approve or return it.
 * Every link that names a report lands here, whoever follows it.
 */
export const DailyReportRoute = () => {
  const user = useCurrentUser();
  const params = useParams();
  const navigate = useNavigate();
  const flags = useFlags();
  // With invoicing on, the day closes with each terminal's Z reading (decision 1021): its screen is a tap away.
  const invoicing = useDeskInvoicing().data?.invoicing === 'on';
  const admin = isAdmin(user);
  const location = Number(params.location);
  const date = params.date ?? '';
  if (!admin && !user.groups.includes(MANAGER_GROUP)) return <Navigate to={paths.dashboard} replace />;
  if (!Number.isInteger(location) || location < 1 || !DATE.test(date)) return <Navigate to={paths.dashboard} replace />;

  return (
    <>
      <PageHeader
        title="Daily report"
        subtitle="The day's sales by payment method and bank, the cash counted, and its approval."
        action={
          invoicing ? (
            <Button variant="outlined" component={Link} to={paths.readings} sx={{ minHeight: 44 }}>
              Readings
            </Button>
          ) : null
        }
      />
      <Card>
        <CardContent>
          <DailyReportPanel
            date={date}
            location={location}
            onChange={(change) =>
              navigate(paths.dailyReport(change.location ?? location, change.date ?? date), { replace: true })
            }
            // The sale lines list is the Reports screen's (Admins' and Managers' own, decision 0504), while the flag is on.
            linesHref={
              flags.reports
                ? (l, extra) => `${admin ? paths.admin.reports : paths.reports}${linesHref(date, l, extra)}`
                : undefined
            }
            decides={(report) => admin || report.submitted_by !== user.id}
            backdates={admin}
          />
        </CardContent>
      </Card>
    </>
  );
};
