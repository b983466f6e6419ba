import { useState } from 'react';
import Card from '@mui/material/Card';
import { ADMIN_GROUP, type Client } from '@ginhawa/contract';
import { ArrivalDialog } from '../../features/clients/components/arrival-dialog';
import { ClientSearch } from '../../features/clients/components/client-search';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useCurrentUser, useDeskUser } from '../layout/current-user';

/** /clients: find a client at the desk (the bottom bar's Clients on a phone); the front desk logs arrivals from the results, as on the dashboard. */
export const ClientsRoute = () => {
  const user = useCurrentUser();
  const desk = useDeskUser();
  const frontDesk = ['Receptionist', 'Manager', ADMIN_GROUP].some((group) => user.groups.includes(group));
  const [arrivalFor, setArrivalFor] = useState<Client | null>(null);
  return (
    <>
      <PageHeader title="Clients" subtitle="Search by name in any order, mobile in any form, or email." />
      <Card sx={{ p: { xs: 2, sm: 3 } }}>
        <ClientSearch
          linkTo={paths.client}
          autoFocus
          onLogArrival={frontDesk ? setArrivalFor : undefined}
          desk={desk}
        />
      </Card>
      {arrivalFor ? <ArrivalDialog client={arrivalFor} onClose={() => setArrivalFor(null)} desk={desk} /> : null}
    </>
  );
};
