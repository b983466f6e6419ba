import { Navigate, useLocation, useParams } from 'react-router';
import { MANAGER_GROUP } from '@ginhawa/contract';
import { isAdmin } from '../../features/auth/api/get-my-data';
import { PayrollScreen } from '../../features/payroll/components/payroll-screen';
import { StatementScreen } from '../../features/payroll/components/statement-screen';
import { paths } from '../../config/paths';
import { useFlags } from '../../lib/flags';
import { useLocationOptions } from '../../lib/options';
import { useSettingsData } from '../../lib/settings';
import { useCurrentUser } from '../layout/current-user';
import { LoadingBlock } from '../../components/loading-block';

/**
 * Managers and Admins only (the server refuses everyone else too), while the payroll flag is on;
 * anyone else goes to the dashboard. Undecided while the stored flags load: a redirect then would
 * send a Manager away from a flag that is on.
 */
const useRunsPayroll = () => {
  const user = useCurrentUser();
  const admin = isAdmin(user);
  const settings = useSettingsData();
  const { payroll } = useFlags();
  const deciding = !settings.data && !settings.error;
  return { user, admin, deciding, allowed: payroll && (admin || user.groups.includes(MANAGER_GROUP)) };
};

const Deciding = () => <LoadingBlock label="Loading pay runs" />;

/**
 * /admin/payroll (Admins) and /payroll (Managers, and Admins following a link): one screen
 * (decision 0630). Admins run pay for every branch, Managers for the branches they work at.
 */
export const PayrollRoute = () => {
  const { user, admin, deciding, allowed } = useRunsPayroll();
  const all = useLocationOptions({ activeOnly: false });
  if (deciding) return <Deciding />;
  if (!allowed) return <Navigate to={paths.dashboard} replace />;
  return (
    <PayrollScreen
      admin={admin}
      locations={admin ? (all.data?.results ?? []) : user.locations}
      statementHref={paths.payStatement}
    />
  );
};

/** /payroll/runs/:runId/statement/:employeeId: the printable statement; back goes to the run. */
export const PayStatementRoute = () => {
  const { admin, deciding, allowed } = useRunsPayroll();
  if (deciding) return <Deciding />;
  if (!allowed) return <Navigate to={paths.dashboard} replace />;
  const base = admin ? paths.admin.payroll : paths.payroll;
  return (
    <StatementScreen runHref={(run, employee) => `${base}?run=${run}${employee ? `&employee=${employee}` : ''}`} />
  );
};

/**
 * /admin/payroll/runs/:runId and /payroll/runs/:runId: the path a pay run's notification links to
 * (docs/api.md "Pay runs"); the run opens on its screen, where it is `?run=` like every view there.
 */
export const PayRunLinkRoute = () => {
  const { runId } = useParams();
  const { pathname } = useLocation();
  const base = pathname.startsWith(paths.admin.payroll) ? paths.admin.payroll : paths.payroll;
  const run = Number(runId);
  return <Navigate to={Number.isInteger(run) && run > 0 ? `${base}?run=${run}` : base} replace />;
};
