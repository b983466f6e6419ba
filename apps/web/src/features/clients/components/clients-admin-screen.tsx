import Card from '@mui/material/Card';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { parseClientId } from '../api/get-client';
import { ClientDetail } from './client-detail';
import { ClientList } from './client-list';

/** /admin/clients */
export const ClientsAdminScreen = () => (
  <>
    <PageHeader
      title="Clients"
      subtitle="Profiles, memberships, vouchers and arrivals. Import a spreadsheet or export the list as CSV."
    />
    <Card>
      <ClientList />
    </Card>
  </>
);

/** /admin/clients/:clientId: the record in admin mode (edit, deactivate). */
export const ClientAdminScreen = () => {
  const { clientId } = useParams();
  return (
    <ClientDetail
      clientId={parseClientId(clientId)}
      mode="admin"
      back={{ to: paths.admin.clients, label: 'All clients' }}
      readsFloor
      reserveHref={paths.floorReserve}
    />
  );
};
