import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { tabUnpaidBodySchema, type Tab } from '@ginhawa/contract';
import { ReasonDialog } from '../../../components/form/reason-dialog';
import { LoadError } from '../../../components/load-error';
import { useSnackbar } from '../../../components/snackbar-provider';
import { formatPeso } from '../../../lib/format';
import { markTabUnpaid } from '../api/checkout';
import { useRevalidateTabs, useTabs } from '../api/get-tabs';
import { CheckoutDialog } from './checkout-dialog';
import { tabSince, tabTherapists } from './tab-text';

/** A Manager moves a tab to "unpaid" with a reason (required), so the day can be submitted. */
export const MarkUnpaidDialog = ({ tab, onClose }: { tab: Tab; onClose: () => void }) => {
  const revalidate = useRevalidateTabs();
  const { showSnackbar } = useSnackbar();
  return (
    <ReasonDialog
      title={`Mark ${tab.client_name}'s visit unpaid?`}
      confirmLabel="Mark unpaid"
      maxLength={500}
      hint="On the day's report with your name."
      parse={(reason) => tabUnpaidBodySchema.safeParse({ reason })}
      onConfirm={(body) => markTabUnpaid(tab.arrival, body)}
      onDone={async () => {
        showSnackbar(`${tab.client_name}'s visit is marked unpaid.`, 'success');
        await revalidate();
        onClose();
      }}
      onClose={onClose}
    >
      The tab closes without payment and the day&apos;s report lists it as unpaid, with the reason.
    </ReasonDialog>
  );
};

/** "Hilot · Maria Santos · Room 2 · since 14:05". */
const tabLine = (tab: Tab) =>
  [tab.treatment_name, tabTherapists(tab), tab.room_name, tabSince(tab)].filter(Boolean).join(' · ');

type Opened = { kind: 'checkout' | 'unpaid'; tab: Tab } | null;

/**
 * A branch's open tabs (issue 32): client, therapist(s), room, since and the amount so far; a row
 * opens checkout, and a Manager may mark a tab unpaid. Read again when the floor or sales change
 * (the live channel revalidates /sales/tabs/ keys). Its own loading, empty and error states.
 */
export const OpenTabs = ({
  location,
  manages,
  salesperson,
}: {
  location: number;
  manages: boolean;
  /** The signed-in salesperson's own record, credited by default at checkout. */
  salesperson?: number | null;
}) => {
  const tabs = useTabs(location);
  const [opened, setOpened] = useState<Opened>(null);
  const close = () => setOpened(null);
  let body;
  if (tabs.error)
    body = (
      <LoadError title="The open tabs could not be loaded" error={tabs.error} onRetry={() => void tabs.mutate()} />
    );
  else if (!tabs.data)
    body = (
      <Box aria-busy="true" aria-label="Loading open tabs">
        <Skeleton variant="rounded" height={56} sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={56} />
      </Box>
    );
  else if (tabs.data.results.length === 0)
    body = <Typography color="textSecondary">No open tabs: every visit so far is paid.</Typography>;
  else
    body = (
      <List dense disablePadding aria-label="Open tabs">
        {tabs.data.results.map((tab) => (
          <ListItem
            key={tab.arrival}
            divider
            disablePadding
            secondaryAction={
              manages ? (
                <Button
                  size="small"
                  color="error"
                  onClick={() => setOpened({ kind: 'unpaid', tab })}
                  sx={{ minHeight: 44 }}
                >
                  Mark unpaid
                </Button>
              ) : undefined
            }
            sx={manages ? { pr: 14 } : undefined}
          >
            <ListItemButton onClick={() => setOpened({ kind: 'checkout', tab })} sx={{ minHeight: 56 }}>
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <span>
                      {tab.client_name}
                      {tab.status === 'finished' ? ' · finished' : ''}
                    </span>
                    <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                      {formatPeso(tab.amount)}
                    </Box>
                  </Box>
                }
                secondary={tabLine(tab)}
                slotProps={{ primary: { component: 'span' } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  return (
    <>
      {body}
      {opened?.kind === 'checkout' ? (
        <CheckoutDialog tab={opened.tab} salesperson={salesperson} onClose={close} />
      ) : null}
      {opened?.kind === 'unpaid' ? <MarkUnpaidDialog tab={opened.tab} onClose={close} /> : null}
    </>
  );
};

/**
 * Checkout straight after "Service finished" on the floor: the visit's tab is found among the
 * branch's open tabs (read again once the service ended) and its checkout opens; a visit with no
 * open tab (already paid) says so.
 */
export const CheckoutForVisit = ({
  location,
  arrival,
  salesperson,
  onClose,
}: {
  location: number;
  arrival: number;
  salesperson?: number | null;
  onClose: () => void;
}) => {
  const tabs = useTabs(location);
  const { showSnackbar } = useSnackbar();
  const listed = tabs.data?.results.find((t) => t.arrival === arrival);
  // Kept once found: paid, the tab leaves the list, and its receipt must stay open.
  const [found, setFound] = useState<Tab | undefined>(undefined);
  if (listed && !found) setFound(listed);
  const tab = found ?? listed;
  const missing = !tab && !tabs.isValidating && Boolean(tabs.data || tabs.error);
  const failed = Boolean(tabs.error);
  useEffect(() => {
    if (!missing) return;
    showSnackbar(
      failed
        ? 'The open tabs could not be loaded: open the visit from Open tabs.'
        : 'This visit has no open tab to check out.',
      failed ? 'error' : 'info',
    );
    onClose();
  }, [missing, failed, showSnackbar, onClose]);
  return tab ? <CheckoutDialog tab={tab} salesperson={salesperson} onClose={onClose} /> : null;
};
