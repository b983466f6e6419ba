import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { PAYMENT_METHOD_LABELS, formatPhPhone, type ClientHistoryEntry } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { StatusMessage } from '../../../components/status-message';
import { formatClock, formatDate, formatDateClock, formatDateTime, formatPeso } from '../../../lib/format';
import { useClientHistory } from '../api/get-client-history';

const WHAT: Record<string, Record<string, string>> = {
  clients: {
    create: 'Profile created',
    update: 'Profile changed',
    deactivate: 'Client deactivated',
    delete: 'Client deleted',
  },
  client_memberships: { sell: 'Membership sold', update: 'Membership changed' },
  client_treatments: { sell: 'Voucher sold', update: 'Voucher changed' },
  client_arrivals: { create: 'Arrival logged', update: 'Arrival changed', cancel: 'Arrival cancelled' },
};
const describeEntry = (e: ClientHistoryEntry) =>
  WHAT[e.table]?.[e.action] ?? `${e.table.replace(/_/g, ' ')}: ${e.action}`;

const LABELS: Record<string, string> = {
  phone: 'Phone',
  email: 'Email',
  location_name: 'Location',
  is_active: 'Active',
  treatment_name: 'Treatment',
  membership_name: 'Membership',
  salesperson_name: 'Salesperson',
  therapist_name: 'Therapist',
  second_therapist_name: 'Second therapist',
  receptionist_name: 'Receptionist',
  voucher_code: 'Voucher',
};
/** Ids and derived fields repeat what a neighbouring field says in words (location → location_name). */
const HIDDEN = new Set([
  'id',
  'full_name',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'location',
  'client',
  'client_name',
  'client_membership',
]);
/** A reference the entry also names (treatment → treatment_name, voucher → voucher_code): the id says nothing more. */
const namedElsewhere = (field: string, fields: Set<string>) =>
  fields.has(`${field}_name`) || fields.has(`${field}_code`);
/** A client's location is their home; a sale's or a visit's is the branch it happened at. */
const labelOf = (field: string, table: string) =>
  table === 'clients' && field === 'location_name'
    ? 'Home location'
    : (LABELS[field] ?? field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, ' '));

/** Peso amounts of the client's sales and visits (numeric columns, stored as decimal strings). */
const MONEY = new Set(['price', 'price_paid', 'amount', 'discount', 'net_amount', 'service_charge', 'deposit_amount']);
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^\d{2}:\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/** A value as the rest of the panel writes it: pesos as ₱1,234.50, days as 25 Nov 2027, moments in Manila. */
const show = (field: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (MONEY.has(field) && (typeof value === 'number' || typeof value === 'string') && Number.isFinite(Number(value)))
    return formatPeso(value);
  if (typeof value !== 'string') return String(value);
  if (field === 'phone') return formatPhPhone(value);
  // A state in words, as its chips write it ("Arrived", "No show"), not the stored "no_show".
  if (field === 'status') return value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
  if (field === 'payment_method' && value in PAYMENT_METHOD_LABELS)
    return PAYMENT_METHOD_LABELS[value as keyof typeof PAYMENT_METHOD_LABELS];
  if (CALENDAR_DATE.test(value)) return formatDate(value);
  // One time format across the panel: "12:00 pm", as the moments below each entry read.
  if (field.endsWith('time') && CLOCK.test(value)) return formatClock(value);
  if (INSTANT.test(value)) return formatDateTime(value);
  return value;
};

const scalar = (value: unknown) => value === null || typeof value !== 'object';

/** A visit's day and time, given together as one moment ("When: 29 Nov 2026, 12:00 pm"), not two lines. */
const whenLine = (entry: ClientHistoryEntry): string | null => {
  const date = entry.changes.find((c) => c.field === 'date');
  const time = entry.changes.find((c) => c.field === 'time');
  if (!date || !time || date.before !== null || time.before !== null) return null;
  if (typeof date.after !== 'string' || typeof time.after !== 'string') return null;
  if (!CALENDAR_DATE.test(date.after) || !CLOCK.test(time.after)) return null;
  return `When: ${formatDateClock(date.after, time.after)}`;
};

/** "Phone: +63 917 … → +63 918 …"; a created row lists what it was created with. */
const changeLines = (entry: ClientHistoryEntry): string[] => {
  const fields = new Set(entry.changes.map((c) => c.field));
  const when = whenLine(entry);
  return [
    ...(when ? [when] : []),
    ...entry.changes
      .filter((c) => !(when && (c.field === 'date' || c.field === 'time')))
      // Nested objects (a sale's receipt, a membership's vouchers) have their own screens.
      .filter((c) => !HIDDEN.has(c.field) && !namedElsewhere(c.field, fields) && scalar(c.before) && scalar(c.after))
      .filter((c) => !(c.before === null && (c.after === null || c.after === '')))
      .map((c) =>
        c.before === null
          ? `${labelOf(c.field, entry.table)}: ${show(c.field, c.after)}`
          : `${labelOf(c.field, entry.table)}: ${show(c.field, c.before)} → ${show(c.field, c.after)}`,
      ),
  ];
};

/** Who changed what, when: the client's audit rows, newest first. */
export const HistoryTab = ({ clientId }: { clientId: number }) => {
  const history = useClientHistory(clientId);
  if (history.error && history.entries.length === 0)
    return <LoadError title="The history could not be loaded" error={history.error} onRetry={history.retry} />;
  if (history.isLoading) {
    return (
      <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading history">
        <Skeleton variant="text" height={32} />
        <Skeleton variant="text" height={32} />
      </Box>
    );
  }
  if (history.entries.length === 0) return <StatusMessage icon={<HistoryOutlined />} title="No history yet." />;
  return (
    <>
      <List aria-label="history" disablePadding>
        {history.entries.map((entry) => {
          const lines = changeLines(entry);
          return (
            <ListItem key={entry.id} divider alignItems="flex-start">
              <ListItemText
                primary={`${describeEntry(entry)} by ${entry.actor_name}`}
                secondary={
                  <>
                    <Typography component="span" variant="caption" color="textSecondary" sx={{ display: 'block' }}>
                      {formatDateTime(entry.at)}
                    </Typography>
                    {lines.map((line) => (
                      <Typography
                        key={line}
                        component="span"
                        variant="body2"
                        sx={{ display: 'block', overflowWrap: 'anywhere' }}
                      >
                        {line}
                      </Typography>
                    ))}
                  </>
                }
              />
            </ListItem>
          );
        })}
      </List>
      {history.error ? (
        <LoadError title="More history could not be loaded" error={history.error} onRetry={history.retry} />
      ) : null}
      {history.hasMore && !history.error ? (
        <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
          <Button variant="outlined" onClick={history.loadMore} disabled={history.loadingMore}>
            {history.loadingMore ? 'Loading…' : `Load more (${history.count - history.entries.length} older)`}
          </Button>
        </Box>
      ) : null}
    </>
  );
};
