import { useParams } from 'react-router';
import { ClientDetail } from '../../features/clients/components/client-detail';
import { parseClientId } from '../../features/clients/api/get-client';
import { paths } from '../../config/paths';
import { useCurrentUser, useDeskUser } from '../layout/current-user';

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
    />
  );
};
