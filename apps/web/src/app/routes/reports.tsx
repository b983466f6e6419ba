import { Navigate } from 'react-router';
import { MANAGER_GROUP } from '@ginhawa/contract';
import { isAdmin } from '../../features/auth/api/get-my-data';
import { ReportsScreen } from '../../features/reports/components/reports-screen';
import { LoadingBlock } from '../../components/loading-block';
import { paths } from '../../config/paths';
import { useFlags } from '../../lib/flags';
import { useSettingsData } from '../../lib/settings';
import { useCurrentUser } from '../layout/current-user';

/**
 * /reports: the reports screen for Managers, over the branches they work at (the server scopes
 * every read; decision 0504), while the reports flag is on; anyone else goes to the dashboard.
 * Undecided while the stored flags load, as /payroll. Approve shows only on a report someone
 * else submitted (the server refuses the submitter).
 */
export const ManagerReportsRoute = () => {
  const user = useCurrentUser();
  const settings = useSettingsData();
  const { reports } = useFlags();
  const admin = isAdmin(user);
  if (!settings.data && !settings.error) return <LoadingBlock label="Loading reports" />;
  if (!reports || !(admin || user.groups.includes(MANAGER_GROUP))) return <Navigate to={paths.dashboard} replace />;
  return (
    <ReportsScreen
      decides={(report) => admin || report.submitted_by !== user.id}
      readsLinesAt={(location) => admin || user.locations.some((l) => l.id === location)}
      backdates={admin}
    />
  );
};
