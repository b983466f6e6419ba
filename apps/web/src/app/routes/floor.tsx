import { ADMIN_GROUP } from '@ginhawa/contract';
import { ClientSearch } from '../../features/clients/components/client-search';
import { VisitUseFields } from '../../features/clients/components/visit-use-fields';
import { FloorScreen } from '../../features/floor/components/floor-screen';
import { paths } from '../../config/paths';
import { useCurrentUser, useDeskUser } from '../layout/current-user';

/**
 * /floor: the branch's floor board for the front desk, therapists and managers (Admins choose the
 * branch). The app composes the clients feature's search (with "New client") into the board's
 * "Assign next" and "New reservation", and the arrival card's voucher and desk-payment fields into
 * "Assign next" and a reservation's "Client arrived", as features do not import each other.
 */
export const FloorRoute = () => {
  const user = useCurrentUser();
  const desk = useDeskUser();
  const has = (group: string) => user.groups.includes(group);
  const manages = has('Manager') || has(ADMIN_GROUP);
  return (
    <FloorScreen
      user={{
        locations: user.locations,
        admin: has(ADMIN_GROUP),
        manages,
        frontDesk: manages || has('Receptionist'),
      }}
      roomsPath="/floor/rooms"
      visitUse={(props) => <VisitUseFields {...props} />}
      clientPicker={(onPick) => (
        <ClientSearch linkTo={paths.client} autoFocus onLogArrival={onPick} actionLabel="Choose" desk={desk} />
      )}
    />
  );
};
