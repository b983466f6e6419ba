import { useParams } from 'react-router';
import { ClientDetail } from '../../features/clients/components/client-detail';
import { parseClientId } from '../../features/clients/api/get-client';
import { paths } from '../../config/paths';

/** /clients/:clientId, opened in non-admin mode (SPEC.md §2). */
export const ClientRoute = () => {
  const { clientId } = useParams();
  return <ClientDetail clientId={parseClientId(clientId)} backTo={paths.dashboard} />;
};
