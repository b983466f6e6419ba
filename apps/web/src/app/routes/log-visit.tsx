import { useState } from 'react';
import type { Client } from '@ginhawa/contract';
import { useRevalidateClients } from '../../features/clients/api/get-clients';
import { ArrivalDialog } from '../../features/clients/components/arrival-dialog';
import { ownLocation, type DeskUser } from '../../features/clients/components/desk-user';
import { VisitUseFields } from '../../features/clients/components/visit-use-fields';
import { VisitNowDialog } from '../../features/floor/components/visit-now-dialog';

/**
 * *Log arrival* on the client card and beside a client found at the desk: a visit now is the floor's
 * one visit-now dialog (Assign next's, the room and bed chosen from the free ones, `POST
 * /floor/assign/`), at the desk's own branch; "Log a visit that began earlier" leads to the arrival
 * card, a plain record with its time and payment (decision 0914). Composed here, as features do not
 * import each other.
 */
export const LogVisitDialog = ({
  client,
  desk,
  onClose,
}: {
  client: Client;
  desk: DeskUser | undefined;
  onClose: () => void;
}) => {
  const [earlier, setEarlier] = useState(false);
  const revalidate = useRevalidateClients();
  const location = ownLocation(desk, client.location);
  if (earlier || location === null)
    return <ArrivalDialog client={client} onClose={onClose} desk={desk} earlier={earlier} />;
  return (
    <VisitNowDialog
      client={client}
      location={location}
      visitUse={(props) => <VisitUseFields {...props} />}
      onClose={() => {
        // The card's arrivals and what the client holds are read again (a voucher session used).
        void revalidate();
        onClose();
      }}
      onEarlier={() => setEarlier(true)}
    />
  );
};
