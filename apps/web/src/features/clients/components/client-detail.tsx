import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Typography from '@mui/material/Typography';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/form/confirm-dialog';
import { DetailField } from '../../../components/detail-field';
import { LoadError } from '../../../components/load-error';
import { ScrollingTabs } from '../../../components/scrolling-tabs';
import { StatusMessage } from '../../../components/status-message';
import { useSnackbar } from '../../../components/snackbar-provider';
import { isNotFound } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useClient, type Client } from '../api/get-client';
import { useRevalidateClients } from '../api/get-clients';
import { updateClient } from '../api/save-client';
import { ArrivalsTab, MembershipsTab, VouchersTab } from './client-activity';
import { ClientSummary } from './client-summary';
import { HistoryTab } from './client-history';
import { ArrivalDialog } from './arrival-dialog';
import { ClientForm } from './client-form';
import type { DeskUser } from './desk-user';
import { rememberClient } from './recent-clients';
import { SellDialog, type SaleKind, type Seller } from './sell-dialog';

type ClientDetailProps = {
  clientId: number | null;
  /** Admin mode (/admin/clients/:id) edits and deactivates; staff mode (/clients/:id) sells and logs arrivals only. */
  mode: 'admin' | 'staff';
  /** Where "Back" goes, and what it says. */
  back: { to: string; label: string };
  /** The signed-in person: where they log arrivals, and whose recent clients this one joins. */
  desk?: DeskUser;
  /** The signed-in user, who sells as themselves where they work (staff mode). */
  seller?: Seller;
  /**
   * The reader works the floor (its groups, or an Admin): the summary shows the next booking and
   * deposit credits, and "New reservation" opens the board with this client (`reserveHref`).
   */
  readsFloor?: boolean;
  /** Where "New reservation" leads: the floor board with the client's booking dialog open. */
  reserveHref?: (clientId: number) => string;
  /**
   * *Log arrival*'s dialog, composed in by the app: the floor's one visit-now dialog (decision 0914),
   * which leads to this feature's arrival card for a visit that began earlier. Without it, the card.
   */
  logVisit?: (client: Client, onClose: () => void) => ReactNode;
};

// The summary is the page's head (issue 34; docs/decisions/0626): what the client holds and when they
// come, then the desk's daily tabs (arrivals first: on a phone the row scrolls), the profile's other
// details, and History, the audit trail, last.
const TABS = [
  { value: 'arrivals', label: 'Arrivals' },
  { value: 'vouchers', label: 'Vouchers' },
  { value: 'memberships', label: 'Memberships' },
  { value: 'profile', label: 'Profile' },
  { value: 'history', label: 'History' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

type Dialog = { kind: 'arrival' } | { kind: 'sell'; sale: SaleKind } | { kind: 'edit' } | { kind: 'deactivate' };

const ClientHead = ({
  client,
  mode,
  readsFloor,
  reserveHref,
  onAction,
}: {
  client: Client;
  mode: ClientDetailProps['mode'];
  readsFloor: boolean;
  reserveHref?: ClientDetailProps['reserveHref'];
  onAction: (dialog: Dialog) => void;
}) => (
  <Card sx={{ p: { xs: 2, sm: 3 } }}>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h4" component="h1" sx={{ mr: 'auto', overflowWrap: 'anywhere' }}>
        {client.full_name}
      </Typography>
      {client.is_active ? null : <Chip size="small" label="Inactive" />}
    </Box>
    <ClientSummary client={client} readsFloor={readsFloor} />
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2.5 }}>
      <Button variant="contained" onClick={() => onAction({ kind: 'arrival' })} disabled={!client.is_active}>
        Log arrival
      </Button>
      <Button
        variant="outlined"
        onClick={() => onAction({ kind: 'sell', sale: 'voucher' })}
        disabled={!client.is_active}
      >
        Sell voucher
      </Button>
      <Button
        variant="outlined"
        onClick={() => onAction({ kind: 'sell', sale: 'membership' })}
        disabled={!client.is_active}
      >
        Sell membership
      </Button>
      {readsFloor && reserveHref && client.is_active ? (
        <Button variant="outlined" component={Link} to={reserveHref(client.id)}>
          New reservation
        </Button>
      ) : null}
      {mode === 'admin' ? (
        <>
          <Button onClick={() => onAction({ kind: 'edit' })}>Edit profile</Button>
          {client.is_active ? (
            <Button color="error" onClick={() => onAction({ kind: 'deactivate' })}>
              Deactivate
            </Button>
          ) : null}
        </>
      ) : null}
    </Box>
  </Card>
);

/** The profile's details the summary leaves out. */
const ProfileTab = ({ client }: { client: Client }) => (
  <Box
    sx={{ p: 2, display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
  >
    <DetailField label="Email" value={client.email} />
    <DetailField label="Birthdate" value={formatDate(client.birthdate)} />
    <DetailField label="Address" value={client.address} />
    <DetailField label="Notes" value={client.notes} />
  </Box>
);

/** A client's record: profile, what they hold and did (tabs), and the desk's actions. */
export const ClientDetail = ({
  clientId,
  mode,
  back,
  desk,
  seller,
  readsFloor = false,
  reserveHref,
  logVisit,
}: ClientDetailProps) => {
  const { data, error, isLoading, mutate } = useClient(clientId);
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const revalidate = useRevalidateClients();
  const { showSnackbar } = useSnackbar();
  const tab: TabValue = TABS.find((t) => t.value === params.get('tab'))?.value ?? 'arrivals';
  const deskId = desk?.id;
  useEffect(() => {
    if (data && deskId !== undefined) rememberClient(deskId, data);
  }, [data, deskId]);
  const backButton = (
    <Button component={Link} to={back.to} variant="outlined">
      {back.label}
    </Button>
  );

  if (clientId === null || isNotFound(error)) {
    return (
      <Card>
        <StatusMessage
          icon={<PersonSearchOutlined />}
          title="Client not found"
          description="There is no client at this address. The link may be mistyped, or the record was removed."
          action={backButton}
        />
      </Card>
    );
  }
  if (error) {
    return (
      <Card>
        <LoadError
          title="This client could not be loaded"
          error={error}
          onRetry={() => void mutate()}
          secondaryAction={backButton}
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

  const close = () => setDialog(null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Box>
        <Button component={Link} to={back.to} size="small">
          ← {back.label}
        </Button>
      </Box>
      <ClientHead client={data} mode={mode} readsFloor={readsFloor} reserveHref={reserveHref} onAction={setDialog} />
      <Card>
        <ScrollingTabs
          value={tab}
          onChange={(_event, value: TabValue) => setParams({ tab: value }, { replace: true })}
          aria-label="Client activity"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} />
          ))}
        </ScrollingTabs>
        {tab === 'memberships' ? <MembershipsTab clientId={data.id} /> : null}
        {tab === 'vouchers' ? <VouchersTab clientId={data.id} /> : null}
        {tab === 'arrivals' ? <ArrivalsTab clientId={data.id} /> : null}
        {tab === 'profile' ? <ProfileTab client={data} /> : null}
        {tab === 'history' ? <HistoryTab clientId={data.id} clientName={data.full_name} /> : null}
      </Card>
      {dialog?.kind === 'arrival' && logVisit ? logVisit(data, close) : null}
      {dialog?.kind === 'arrival' && !logVisit ? <ArrivalDialog client={data} onClose={close} desk={desk} /> : null}
      {dialog?.kind === 'sell' ? <SellDialog kind={dialog.sale} client={data} seller={seller} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <ClientForm client={data} onClose={close} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'deactivate'}
        title="Deactivate client?"
        confirmLabel="Deactivate"
        onConfirm={async () => {
          await updateClient(data.id, { is_active: false });
          await revalidate();
          showSnackbar(`${data.full_name} deactivated.`, 'success');
        }}
        onClose={close}
      >
        <strong>{data.full_name}</strong> stays on file with their history but is hidden from searches for new sales.
        You can activate them again from Edit profile.
      </ConfirmDialog>
    </Box>
  );
};
