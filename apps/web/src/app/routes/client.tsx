import { useParams } from 'react-router';
import { ClientDetail } from '../../features/clients/components/client-detail';
import { parseClientId } from '../../features/clients/api/get-client';
import { paths } from '../../config/paths';

/** /clients/:clientId, opened in non-admin mode (docs/product.md §2): sell and log arrivals, no editing. */
export const ClientRoute = () => {
  const { clientId } = useParams();
  return (
    <ClientDetail
      clientId={parseClientId(clientId)}
      mode="staff"
      back={{ to: paths.clients, label: 'Find a client' }}
    />
  );
};
