import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import {
  clientArrivalPatchSchema,
  deleteSalesBodySchema,
  type ClientArrival,
  type DeleteSalesResult,
  type Page,
} from '@ginhawa/contract';
import { ReasonDialog } from '../../../components/form/reason-dialog';
import { useBackCloses } from '../../../components/form/back-closes';
import { useSnackbar } from '../../../components/snackbar-provider';
import { LoadError } from '../../../components/load-error';
import { StatusMessage } from '../../../components/status-message';
import { formatDate, formatDateClock, formatPeso } from '../../../lib/format';
import { cancelArrival } from '../api/cancel-arrival';
import { deleteArrivalSales } from '../api/request-sale-deletion';
import { useClientArrivals, useClientMemberships, useClientVouchers } from '../api/get-client-activity';
import { useRevalidateClients } from '../api/get-clients';

/** What a row shows besides its status chip. */
type ActivityRow = {
  primary: ReactNode;
  secondary: ReactNode;
  /** The row's menu beside its status (cancel an arrival logged by mistake). */
  menu?: ReactNode;
};

type ActivityListProps<T> = {
  swr: { data?: Page<T>; error: unknown; isLoading: boolean; mutate: () => Promise<unknown> };
  /** The tab's things, plural: the list's name and its loading, empty and error texts. */
  what: string;
  row: (item: T) => ActivityRow;
};

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  expired: 'Expired',
  cancelled: 'Cancelled',
  used_up: 'Used up',
  arrived: 'Arrived',
};
/** The statuses of what still counts (a membership or voucher in use, an arrival that stands): a filled chip. */
const LIVE_STATUSES = new Set(['active', 'arrived']);

/** One tab's rows with the screen's loading, empty and error states. */
const ActivityList = <T extends { id: number; status: string }>({ swr, what, row }: ActivityListProps<T>) => {
  if (swr.error)
    return <LoadError title={`The ${what} could not be loaded`} error={swr.error} onRetry={() => void swr.mutate()} />;
  if (swr.isLoading || !swr.data) {
    return (
      <Box sx={{ p: 2 }} aria-busy="true" aria-label={`Loading ${what}`}>
        <Skeleton variant="text" height={32} />
        <Skeleton variant="text" height={32} />
      </Box>
    );
  }
  if (swr.data.results.length === 0) return <StatusMessage icon={<EventBusyOutlined />} title={`No ${what} yet.`} />;
  return (
    <List aria-label={what} disablePadding>
      {swr.data.results.map((item) => {
        const r = row(item);
        const live = LIVE_STATUSES.has(item.status);
        return (
          <ListItem
            key={item.id}
            divider
            secondaryAction={
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <Chip
                  size="small"
                  label={STATUS_LABELS[item.status] ?? item.status}
                  color={live ? 'success' : 'default'}
                  variant={live ? 'filled' : 'outlined'}
                />
                {r.menu}
              </Box>
            }
          >
            <Box sx={{ pr: r.menu ? 15 : 10, minWidth: 0 }}>
              <ListItemText primary={r.primary} secondary={r.secondary} />
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
};

export const MembershipsTab = ({ clientId }: { clientId: number }) => (
  <ActivityList
    swr={useClientMemberships(clientId)}
    what="memberships"
    row={(m) => ({
      primary: m.membership_name,
      secondary: `${formatDate(m.start_date)} – ${formatDate(m.end_date)} · ${formatPeso(m.price_paid)} · ${m.location_name}${m.vouchers.length ? ` · ${m.vouchers.map((v) => `${v.treatment_name} ${v.sessions_total - v.sessions_used}/${v.sessions_total}`).join(', ')}` : ''}`,
    })}
  />
);

export const VouchersTab = ({ clientId }: { clientId: number }) => (
  <ActivityList
    swr={useClientVouchers(clientId)}
    what="vouchers"
    row={(v) => ({
      primary: `${v.code} · ${v.treatment_name}`,
      secondary: `${v.sessions_remaining} of ${v.sessions_total} sessions left · ${v.expires_on ? `expires ${formatDate(v.expires_on)}` : 'no expiry'}`,
    })}
  />
);

const NOTES_MAX = 500;

/** The arrival's notes with why it was cancelled after them, so the history says it. */
const cancelledNotes = (arrival: ClientArrival, reason: string) =>
  `${arrival.notes ? `${arrival.notes}\n` : ''}Cancelled: ${reason.trim()}`;

/**
 * A paid arrival is cancelled once its sale lines are gone (decision 0411): the desk asks for their
 * deletion here, with a reason, where before it was told to and had no screen to do it from. An
 * Admin's request deletes them at once, and the arrival is then cancelled in the same step.
 */
const PaidArrivalDialog = ({ arrival, onClose }: { arrival: ClientArrival; onClose: () => void }) => {
  const revalidate = useRevalidateClients();
  const { showSnackbar } = useSnackbar();
  const lines = [arrival.sale, arrival.deposit_sale].filter((l) => l !== null);
  const named = lines.map((l) => `#${l.id} (${formatPeso(l.net_amount)})`).join(' and ');
  return (
    <ReasonDialog
      title="Cancel a paid arrival?"
      confirmLabel={lines.length > 1 ? 'Ask to delete the sales' : 'Ask to delete the sale'}
      // The reason also ends the arrival's notes when an Admin's request cancels it at once.
      maxLength={Math.max(1, NOTES_MAX - cancelledNotes(arrival, '').length)}
      hint="The Admins and the branch's Managers read it when they decide."
      parse={(reason) => deleteSalesBodySchema.safeParse({ ids: lines.map((l) => l.id), reason })}
      onConfirm={async (body): Promise<DeleteSalesResult> => {
        const result = await deleteArrivalSales(body);
        if (result.result === 'deleted')
          await cancelArrival(arrival.id, { status: 'cancelled', notes: cancelledNotes(arrival, body.reason ?? '') });
        return result;
      }}
      onDone={async (result) => {
        await revalidate();
        showSnackbar(
          result.result === 'deleted'
            ? 'Sale deleted and arrival cancelled.'
            : `${result.message} Once it is approved, cancel the arrival here.`,
          'success',
        );
        onClose();
      }}
      onClose={onClose}
    >
      {formatDateClock(arrival.date, arrival.time)} · {arrival.treatment_name ?? 'No treatment named'} at{' '}
      {arrival.location_name} was paid at the desk: {lines.length > 1 ? `sales ${named} are` : `sale ${named} is`} on
      the day&apos;s sales. {lines.length > 1 ? 'They are' : 'It is'} deleted when an Admin or the branch&apos;s Manager
      approves your request; then the arrival can be cancelled.
    </ReasonDialog>
  );
};

/** Asks why, then cancels: the reason is kept in the arrival's notes, so the history says it. */
const CancelArrivalDialog = ({ arrival, onClose }: { arrival: ClientArrival; onClose: () => void }) => {
  const revalidate = useRevalidateClients();
  const { showSnackbar } = useSnackbar();
  const prefix = arrival.notes ? `${arrival.notes}\n` : '';
  return (
    <ReasonDialog
      title="Cancel arrival?"
      confirmLabel="Cancel arrival"
      maxLength={Math.max(1, NOTES_MAX - prefix.length - 'Cancelled: '.length)}
      hint="Kept in the arrival's notes and its history."
      label="Reason (optional)"
      required={false}
      parse={(reason) =>
        clientArrivalPatchSchema.safeParse({
          status: 'cancelled',
          ...(reason.trim() ? { notes: `${prefix}Cancelled: ${reason.trim()}` } : {}),
        })
      }
      onConfirm={(body) => cancelArrival(arrival.id, body)}
      onDone={async () => {
        await revalidate();
        showSnackbar(
          arrival.voucher_code
            ? `Arrival cancelled; the session of ${arrival.voucher_code} is back.`
            : 'Arrival cancelled.',
          'success',
        );
        onClose();
      }}
      onClose={onClose}
    >
      {formatDateClock(arrival.date, arrival.time)} · {arrival.treatment_name ?? 'No treatment named'} at{' '}
      {arrival.location_name}.
      {arrival.voucher_code ? ` The session used from ${arrival.voucher_code} comes back to the voucher.` : ''}
    </ReasonDialog>
  );
};

/** An arrival's row menu: Cancel is a choice behind it, not red text on every visit (issue 34). */
const ArrivalMenu = ({ arrival, onCancel }: { arrival: ClientArrival; onCancel: () => void }) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The phone's Back closes the row's menu, not the page (decision 0643).
  useBackCloses(anchor !== null, () => setAnchor(null));
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for the arrival of ${formatDateClock(arrival.date, arrival.time)}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onCancel();
          }}
        >
          Cancel arrival
        </MenuItem>
      </Menu>
    </>
  );
};

export const ArrivalsTab = ({ clientId }: { clientId: number }) => {
  const [cancelling, setCancelling] = useState<ClientArrival | null>(null);
  return (
    <>
      <ActivityList
        swr={useClientArrivals(clientId)}
        what="arrivals"
        row={(a) => ({
          primary: `${formatDateClock(a.date, a.time)} · ${a.treatment_name ?? 'No treatment named'}`,
          secondary: `${a.therapist_name} · ${a.location_name}${a.voucher_code ? ` · voucher ${a.voucher_code}` : ''}${a.sale ? ` · paid ${formatPeso(a.sale.net_amount)}` : ''}`,
          menu: a.status === 'arrived' ? <ArrivalMenu arrival={a} onCancel={() => setCancelling(a)} /> : undefined,
        })}
      />
      {cancelling?.sale ? (
        <PaidArrivalDialog arrival={cancelling} onClose={() => setCancelling(null)} />
      ) : cancelling ? (
        <CancelArrivalDialog arrival={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </>
  );
};
