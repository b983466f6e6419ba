import { useParams } from 'react-router';
import { ADMIN_GROUP, FLOOR_GROUPS, MANAGER_GROUP } from '@ginhawa/contract';
import { ClientDetail } from '../../features/clients/components/client-detail';
import { parseClientId } from '../../features/clients/api/get-client';
import { paths } from '../../config/paths';
import { useCurrentUser, useDeskUser } from '../layout/current-user';
import { LogVisitDialog } from './log-visit';

const FLOOR_READERS: readonly string[] = [ADMIN_GROUP, ...FLOOR_GROUPS];
const BOOKERS: readonly string[] = [ADMIN_GROUP, MANAGER_GROUP, 'Receptionist'];

/** /clients/:clientId, opened in non-admin mode (docs/product.md §2): sell and log arrivals, no editing. */
export const ClientRoute = () => {
  const { clientId } = useParams();
  const desk = useDeskUser();
  const user = useCurrentUser();
  return (
    <ClientDetail
      clientId={parseClientId(clientId)}
      mode="staff"
      back={{ to: paths.clients, label: 'Find a client' }}
      desk={desk}
      seller={user}
      // The floor's groups read its bookings and credits (the server answers no one else): decision 0626.
      readsFloor={FLOOR_READERS.some((g) => user.groups.includes(g))}
      // The desk books (the floor's rule): a therapist reads the next booking but is not offered one.
      reserveHref={BOOKERS.some((g) => user.groups.includes(g)) ? paths.floorReserve : undefined}
      // A visit now is the floor's one visit-now dialog for the desk, who assign on the floor (decision
      // 0914); a salesperson or therapist keeps the arrival card (they do not assign).
      logVisit={
        BOOKERS.some((g) => user.groups.includes(g))
          ? (client, onClose) => <LogVisitDialog client={client} desk={desk} onClose={onClose} />
          : undefined
      }
    />
  );
};
