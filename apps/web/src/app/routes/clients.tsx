import Card from '@mui/material/Card';
import { ClientSearch } from '../../features/clients/components/client-search';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';

/** /clients: find a client at the desk (the bottom bar's Clients on a phone). */
export const ClientsRoute = () => (
  <>
    <PageHeader title="Clients" subtitle="Search by name in any order, mobile in any form, or email." />
    <Card sx={{ p: { xs: 2, sm: 3 } }}>
      <ClientSearch linkTo={paths.client} autoFocus />
    </Card>
  </>
);
