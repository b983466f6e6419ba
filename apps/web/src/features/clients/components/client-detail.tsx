import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { Link } from 'react-router';
import { StatusMessage } from '../../../components/status-message';
import { getErrorMessage, isNotFound } from '../../../lib/api-client';
import { useClient, type Client } from '../api/get-client';

type ClientDetailProps = {
  clientId: number | null;
  /** Where "Back" goes: the dashboard for staff. */
  backTo: string;
};

const Field = ({ label, value }: { label: string; value: string | null | undefined }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="p">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ mt: 0.25 }}>
      {value || '—'}
    </Typography>
  </Box>
);

const ClientProfile = ({ client }: { client: Client }) => (
  <Card sx={{ p: { xs: 2.5, sm: 3 } }}>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2.5 }}>
      <Typography variant="h4" component="h1">
        {`${client.first_name} ${client.last_name}`.trim()}
      </Typography>
      {client.is_active === false ? <Chip size="small" label="Inactive" /> : null}
    </Box>
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
      <Field label="Phone" value={client.phone} />
      <Field label="Email" value={client.email} />
      <Field label="Home location" value={client.location_name} />
      <Field label="Birthdate" value={client.birthdate} />
      <Field label="Address" value={client.address} />
      <Field label="Notes" value={client.notes} />
    </Box>
  </Card>
);

/** /clients/:clientId in staff (non-admin) mode: the client's record, or a clear not-found / error state. */
export const ClientDetail = ({ clientId, backTo }: ClientDetailProps) => {
  const { data, error, isLoading, mutate } = useClient(clientId);
  const back = (
    <Button component={Link} to={backTo} variant="outlined">
      Back to the dashboard
    </Button>
  );

  if (clientId === null || isNotFound(error)) {
    return (
      <Card>
        <StatusMessage
          icon={<PersonSearchOutlined />}
          title="Client not found"
          description="There is no client at this address. The link may be mistyped, or the record was removed."
          action={back}
        />
      </Card>
    );
  }
  if (error) {
    return (
      <Card>
        <StatusMessage
          tone="error"
          icon={<ErrorOutlineOutlined />}
          title="This client could not be loaded"
          description={getErrorMessage(error)}
          action={
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={() => void mutate()}>
                Try again
              </Button>
              {back}
            </Box>
          }
        />
      </Card>
    );
  }
  if (isLoading || !data) {
    return (
      <Card sx={{ p: 3 }} aria-busy="true" aria-label="Loading client">
        <Skeleton variant="text" width="40%" height={40} />
        <Skeleton variant="text" width="70%" />
        <Skeleton variant="text" width="55%" />
      </Card>
    );
  }
  return <ClientProfile client={data} />;
};
