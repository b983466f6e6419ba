import { Navigate, useSearchParams } from 'react-router';
import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import { ClientSearch } from '../../features/clients/components/client-search';
import { VisitUseFields } from '../../features/clients/components/visit-use-fields';
import { parseClientId, useClient } from '../../features/clients/api/get-client';
import { useMyEmployee } from '../../features/dashboard/api/get-my-employee';
import { AttendanceScreen } from '../../features/floor/components/attendance-screen';
import { FloorScreen } from '../../features/floor/components/floor-screen';
import { CheckoutForVisit, OpenTabs } from '../../features/sales/components/open-tabs';
import { paths } from '../../config/paths';
import { useLocationOptions } from '../../lib/options';
import { useCurrentUser, useDeskUser } from '../layout/current-user';

/**
 * /floor: the branch's floor board for the front desk, therapists and managers (Admins choose the
 * branch). The app composes the clients feature's search (with "New client") into the board's
 * "Assign next" and "New reservation", and the arrival card's voucher and desk-payment fields into
 * "Assign next" and a reservation's "Client arrived", and the sales feature's open tabs and
 * checkout into the board and "Service finished", as features do not import each other.
 */
export const FloorRoute = () => {
  const user = useCurrentUser();
  const desk = useDeskUser();
  const has = (group: string) => user.groups.includes(group);
  const manages = has(MANAGER_GROUP) || has(ADMIN_GROUP);
  // A therapist's own record: the board offers them their own break and clock-out; a receptionist's
  // own record: the desk's list asks them of their own clock-out as of themselves.
  const me = useMyEmployee('therapist', user.id, has('Therapist'));
  const meAtDesk = useMyEmployee('receptionist', user.id, has('Receptionist'));
  // A salesperson at the desk is credited with the checkouts they take, unless they choose otherwise.
  const meSelling = useMyEmployee('salesperson', user.id, has('Salesperson'));
  const seller = meSelling.data?.is_active ? meSelling.data.id : null;
  // "New reservation" on a client's page opens the board with their booking dialog (`?reserve=id`).
  const [params, setParams] = useSearchParams();
  const reserveFor = useClient(parseClientId(params.get('reserve') ?? undefined)).data;
  return (
    <FloorScreen
      user={{
        locations: user.locations,
        admin: has(ADMIN_GROUP),
        manages,
        frontDesk: manages || has('Receptionist'),
        employee: me.data?.id ?? null,
        deskEmployee: meAtDesk.data?.id ?? null,
      }}
      roomsPath="/floor/rooms"
      attendancePath={paths.floorAttendance}
      visitUse={(props) => <VisitUseFields {...props} />}
      tabs={{
        list: (props) => <OpenTabs {...props} salesperson={seller} />,
        checkout: (props) => <CheckoutForVisit {...props} salesperson={seller} />,
      }}
      clientPicker={(onPick) => <ClientSearch linkTo={paths.client} autoFocus onPick={onPick} desk={desk} />}
      reserveFor={reserveFor ?? null}
      onReserved={() =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('reserve');
            return next;
          },
          { replace: true },
        )
      }
    />
  );
};

/** /floor/attendance: Managers (their branches) and Admins (every branch); anyone else goes to the dashboard. */
export const AttendanceRoute = () => {
  const user = useCurrentUser();
  const admin = user.groups.includes(ADMIN_GROUP);
  const all = useLocationOptions({ activeOnly: true });
  if (!admin && !user.groups.includes(MANAGER_GROUP)) return <Navigate to={paths.dashboard} replace />;
  return (
    <AttendanceScreen admin={admin} locations={admin ? (all.data?.results ?? []) : user.locations} boardPath="/floor" />
  );
};
