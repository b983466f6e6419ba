import type { AppModule } from '../../lib/app-module';
import { reportsConstraints } from '../../db/schema/index';
import { reportsRoutes } from './reports.routes';
import { watchRanks } from '../sales/index';
import { changeSalesWatchingRanks, holdRankWatch } from './leaderboard.service';

// Every change to the sales ledger runs inside the leaderboard's rank watch: the ledger sits below
// the reports, so the reports hand it in (issue 32).
watchRanks({ change: changeSalesWatchingRanks, hold: holdRankWatch });

export const reportsModule: AppModule = {
  routes: [{ prefix: '/reports', plugin: reportsRoutes }],
  constraints: reportsConstraints,
};
