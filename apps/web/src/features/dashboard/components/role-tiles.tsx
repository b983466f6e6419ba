import type { ReactNode } from 'react';
import { periodContaining, type DailyReport, type EmployeeKind } from '@ginhawa/contract';
import { Tile } from '../../../components/tile';
import { useMyEmployee } from '../api/get-my-employee';
import { ArrivalsTile } from './arrivals-tile';
import { LatestSalesTile } from './latest-sales-tile';
import { LeaderboardTile } from './leaderboard-tile';
import { LocationSalesTile } from './location-sales-tile';
import { MySalesTile } from './my-sales-tile';
import { NextClientTile } from './next-client-tile';
import { ReportsToApproveTile } from './reports-to-approve-tile';
import { TodaysReportTile } from './todays-report-tile';

/** Finds my employee record of `kind`, then renders the tiles that need its id. */
const WithEmployee = ({
  kind,
  userId,
  title,
  children,
}: {
  kind: EmployeeKind;
  userId: number;
  title: string;
  children: (employeeId: number) => ReactNode;
}) => {
  const { data, error, isLoading, mutate } = useMyEmployee(kind, userId);
  if (data) return <>{children(data.id)}</>;
  return (
    <Tile
      title={title}
      state={{ isLoading, error, empty: data === null, retry: () => void mutate() }}
      errorTitle="Your employee record could not be loaded"
      emptyTitle={`Your login has no ${kind} record`}
      emptyHint="Ask an administrator to link your login to your employee record in Admin → Employees."
    >
      {null}
    </Tile>
  );
};

/** Salesperson: my sales with target progress, my rank and the board, my latest sales. */
export const SalespersonTiles = ({ userId, today }: { userId: number; today: string }) => {
  const period = periodContaining(today);
  return (
    <WithEmployee kind="salesperson" userId={userId} title="My sales">
      {(id) => (
        <>
          <MySalesTile salespersonId={id} month={period.month} year={period.year} cutoff={period.cutoff} />
          <LeaderboardTile salespersonId={id} initial={period} />
          <LatestSalesTile salespersonId={id} />
        </>
      )}
    </WithEmployee>
  );
};

/** Therapist: today's arrivals assigned to me. */
export const TherapistTiles = ({ userId, today }: { userId: number; today: string }) => (
  <WithEmployee kind="therapist" userId={userId} title="My arrivals today">
    {(id) => (
      <>
        <NextClientTile therapistId={id} today={today} />
        <ArrivalsTile
          title="My arrivals today"
          date={today}
          by={{ therapist: id }}
          emptyHint="Clients logged in for you today appear here in time order."
        />
      </>
    )}
  </WithEmployee>
);

/** Managers (and Admins): today's report to count and submit, sales by location, reports to decide, the leaderboard. */
export const ManagerTiles = ({
  today,
  reportLink,
  reportsPath,
  decides,
  noLocationsHint,
}: {
  today: string;
  /** Where a location's daily report of a date opens (one screen for whoever follows it: decision 0611). */
  reportLink: (location: number, date: string) => string;
  /** The reports screen (sale lines, location sales), while the reports feature is on. */
  reportsPath?: string;
  /** The submitted reports this viewer may decide (decision 0504). */
  decides?: (report: DailyReport) => boolean;
  /** What the location tiles say while there is none (an Admin's: where locations are added). */
  noLocationsHint?: string;
}) => (
  <>
    <TodaysReportTile date={today} linkOf={reportLink} noLocationsHint={noLocationsHint} />
    <LocationSalesTile date={today} reportsPath={reportsPath} noLocationsHint={noLocationsHint} />
    <ReportsToApproveTile linkOf={(r) => reportLink(r.location, r.date)} decides={decides} />
    <LeaderboardTile salespersonId={null} initial={periodContaining(today)} />
  </>
);
