import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { ADMIN_GROUP, manilaDate, type Client } from '@ginhawa/contract';
import { roleOf } from '../../features/auth/api/get-my-data';
import { GreetingCard } from '../../features/dashboard/components/greeting-card';
import { ClientSearch } from '../../features/clients/components/client-search';
import { ReceptionistTiles } from '../../features/dashboard/components/receptionist-tiles';
import { TileGrid } from '../../features/dashboard/components/tile-grid';
import {
  LatestNotificationsTile,
  PendingDeleteRequestsTile,
} from '../../features/notifications/components/notification-tiles';
import { OpenTabsTile } from '../../features/sales/components/open-tabs-tile';
import { paths } from '../../config/paths';
import { addressName } from '../../lib/format';
import { useFlags } from '../../lib/flags';
import { NO_OPTIONS } from '../../lib/options';
import { LoadingBlock } from '../../components/loading-block';
import { useCurrentUser, useDeskUser } from '../layout/current-user';
import { roleTilesChunk, type RoleTiles } from '../role-tiles';
import { useChunk } from '../use-chunk';
import { LogVisitDialog } from './log-visit';

/**
 * The other roles' tiles: their own chunk, fetched only for the people who have them (decision
 * 1053), drawn the moment it is here rather than through Suspense (decision 1088).
 */
const WithRoleTiles = ({ children }: { children: (tiles: RoleTiles) => ReactNode }) => {
  const tiles = useChunk(roleTilesChunk);
  return tiles ? children(tiles) : <LoadingBlock label="Loading your tiles" />;
};

/** /dashboard: each person's day, tiles chosen by their groups (docs/product.md §2; issue 13). */
export const DashboardRoute = () => {
  const user = useCurrentUser();
  const desk = useDeskUser();
  const [now] = useState(() => new Date());
  const today = manilaDate(now);
  const has = (group: string) => user.groups.includes(group);
  const manages = has('Manager') || has(ADMIN_GROUP);
  // The front desk logs arrivals straight from the search; others open the client first.
  const frontDesk = has('Receptionist') || manages;
  const [arrivalFor, setArrivalFor] = useState<Client | null>(null);
  const { payroll, reports } = useFlags();
  // Commission is earned by treating and selling: their own figure, live (decision 0630).
  const earns = payroll && (has('Therapist') || has('Salesperson'));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <GreetingCard
        firstName={addressName(user)}
        role={roleOf(user)}
        locations={user.locations.map((l) => l.name)}
        now={now}
      />
      <Card sx={{ p: { xs: 2, sm: 2.5 } }}>
        <ClientSearch linkTo={paths.client} onLogArrival={frontDesk ? setArrivalFor : undefined} desk={desk} />
      </Card>
      {arrivalFor ? <LogVisitDialog client={arrivalFor} onClose={() => setArrivalFor(null)} desk={desk} /> : null}
      <TileGrid>
        {earns || has('Salesperson') || has('Therapist') ? (
          <WithRoleTiles>
            {(tiles) => (
              <>
                {earns ? <tiles.EarnedTile /> : null}
                {has('Salesperson') ? <tiles.SalespersonTiles userId={user.id} today={today} /> : null}
                {has('Therapist') ? <tiles.TherapistTiles userId={user.id} today={today} /> : null}
              </>
            )}
          </WithRoleTiles>
        ) : null}
        {has('Receptionist') ? <ReceptionistTiles locations={user.locations} today={today} /> : null}
        {frontDesk ? <OpenTabsTile locations={user.locations} manages={manages} /> : null}
        {manages ? (
          <WithRoleTiles>
            {(tiles) => (
              <>
                <tiles.ManagerTiles
                  today={today}
                  reportLink={paths.dailyReport}
                  reportsPath={reports ? (has(ADMIN_GROUP) ? paths.admin.reports : paths.reports) : undefined}
                  decides={(report) => has(ADMIN_GROUP) || report.submitted_by !== user.id}
                  noLocationsHint={has(ADMIN_GROUP) ? NO_OPTIONS.locations : undefined}
                />
                {payroll ? <tiles.PayRunsTile path={has(ADMIN_GROUP) ? paths.admin.payroll : paths.payroll} /> : null}
              </>
            )}
          </WithRoleTiles>
        ) : null}
        {manages ? <PendingDeleteRequestsTile notificationsPath={paths.notifications} /> : null}
        <LatestNotificationsTile notificationsPath={paths.notifications} admin={has(ADMIN_GROUP)} />
      </TileGrid>
    </Box>
  );
};
