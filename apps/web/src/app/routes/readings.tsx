import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import { ReadingsScreen } from '../../features/invoicing/components/readings-screen';
import { useCurrentUser } from '../layout/current-user';

/**
 * /readings (issue 33; decision 1020): X and Z readings of the terminals at the person's branches.
 * The desk takes X readings; the branch's Managers and Admins also the Z reading. The server holds
 * the same rules (another branch's terminal: 403 with the reason).
 */
export const ReadingsRoute = () => {
  const user = useCurrentUser();
  const admin = user.groups.includes(ADMIN_GROUP);
  const canZ = admin || user.groups.includes(MANAGER_GROUP);
  return <ReadingsScreen canZ={canZ} reach={admin ? null : user.locations.map((l) => l.id)} />;
};
