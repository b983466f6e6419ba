import { Fragment } from 'react';
import { ArrivalsTile } from './arrivals-tile';
import { EndOfDayTile } from './end-of-day-tile';

/*
 * The desk's own tiles, apart from the other roles' (role-tiles.tsx): the dashboard's chunk holds
 * these, and the others' are fetched only for the people who have them (docs/decisions/1053).
 */

/** Receptionist: today's arrivals and the end of day (takings, the drawer, clock-out) at each of my locations. */
export const ReceptionistTiles = ({
  locations,
  today,
}: {
  locations: { id: number; name: string }[];
  today: string;
}) => (
  <>
    {locations.map((l) => (
      <Fragment key={l.id}>
        <ArrivalsTile
          title={`Arrivals at ${l.name} today`}
          date={today}
          by={{ location: l.id }}
          showTherapist
          emptyHint="Find the client and log their arrival; it shows here at once."
        />
        <EndOfDayTile location={l.id} name={l.name} />
      </Fragment>
    ))}
  </>
);
