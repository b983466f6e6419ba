import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PAYMENT_METHOD_LABELS, formatPhPhone, type Client, type PaymentMethod } from '@ginhawa/contract';
import { formatDate, formatDateClock, formatPeso } from '../../../lib/format';
import { useClientArrivals, useClientMemberships, useClientVouchers } from '../api/get-client-activity';
import { useClientDepositCredits, useNextBooking } from '../api/get-client-bookings';

/** How a deposit came to be credited, as the booking dialog says it. */
const FROM: Record<string, string> = { no_show: 'the no-show', cancelled: 'the cancellation', arrived: 'the visit' };

type Read<T> = { data?: T; error: unknown; isLoading: boolean; mutate: () => Promise<unknown> };

/** One fact of the summary: its label over its value, a skeleton while it loads, a retry when it failed. */
const Fact = <T,>({
  label,
  read,
  show,
  wide = false,
}: {
  label: string;
  read: Read<T>;
  show: (data: T) => ReactNode;
  /** Across the grid: a list (the vouchers) rather than one line. */
  wide?: boolean;
}) => {
  let value: ReactNode;
  if (read.error && read.data === undefined)
    value = (
      <>
        Could not be loaded.{' '}
        <Button size="small" onClick={() => void read.mutate()} sx={{ minWidth: 0, p: 0, verticalAlign: 'baseline' }}>
          Try again
        </Button>
      </>
    );
  else if (read.data === undefined) value = <Skeleton variant="text" width="70%" aria-label={`Loading ${label}`} />;
  else value = show(read.data);
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography variant="caption" color="textSecondary" component="h2">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', mt: 0.25, overflowWrap: 'anywhere' }}>{value}</Box>
    </Box>
  );
};

const Known = ({ label, value }: { label: string; value: string }) => (
  <Fact
    label={label}
    read={{ data: value, error: null, isLoading: false, mutate: async () => null }}
    show={(v) => v || '—'}
  />
);

/** Several values under one label, one per line. */
const Lines = ({ items, none }: { items: string[]; none: string }) =>
  items.length === 0 ? (
    <>{none}</>
  ) : (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Box>
  );

/**
 * The client at a glance (issue 34; decision 0626): who (mobile, home branch), what they hold (the
 * active membership until when, vouchers with sessions left and their expiry, deposits kept as
 * credit), when they come next and when they last came. Booking facts are the floor's: only its
 * readers (`readsFloor`) see them; the server answers no one else.
 */
export const ClientSummary = ({ client, readsFloor }: { client: Client; readsFloor: boolean }) => {
  const memberships = useClientMemberships(client.id);
  const vouchers = useClientVouchers(client.id);
  const arrivals = useClientArrivals(client.id);
  const booking = useNextBooking(client.id, readsFloor);
  const credits = useClientDepositCredits(client.id, readsFloor);
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
      data-testid="client-summary"
    >
      <Known label="Mobile" value={formatPhPhone(client.phone)} />
      <Known label="Home branch" value={client.location_name} />
      <Fact
        label="Membership"
        read={memberships}
        show={(page) => (
          <Lines
            items={page.results
              .filter((m) => m.status === 'active')
              .map((m) => `${m.membership_name}, until ${formatDate(m.end_date)}`)}
            none="None active"
          />
        )}
      />
      <Fact
        label="Last visit"
        read={arrivals}
        show={(page) => {
          const last = page.results.find((a) => a.status === 'arrived');
          return last
            ? `${formatDateClock(last.date, last.time)} · ${last.treatment_name ?? 'No treatment named'} at ${last.location_name}`
            : 'No visits yet';
        }}
      />
      {readsFloor ? (
        <Fact
          label="Next booking"
          read={booking}
          show={(page) => {
            const next = page.results[0];
            return next
              ? `${formatDateClock(next.date, next.time)} · ${next.treatment_name} at ${next.location_name}${next.therapist_name ? ` with ${next.therapist_name}` : ''}`
              : 'Nothing booked';
          }}
        />
      ) : null}
      {readsFloor ? (
        <Fact
          label="Deposit credit"
          read={credits}
          show={(list) => (
            <Lines
              items={list.map(
                (c) =>
                  `${formatPeso(c.amount)} (${PAYMENT_METHOD_LABELS[c.payment_method as PaymentMethod] ?? c.payment_method}) at ${c.location_name}, from ${FROM[c.status] ?? 'the booking'} of ${formatDate(c.date)}`,
              )}
              none="None"
            />
          )}
        />
      ) : null}
      <Fact
        label="Vouchers"
        wide
        read={vouchers}
        show={(page) => (
          <Lines
            items={page.results
              .filter((v) => v.status === 'active' && v.sessions_remaining > 0)
              .map(
                (v) =>
                  `${v.treatment_name} (${v.code}): ${v.sessions_remaining} of ${v.sessions_total} sessions left, ${v.expires_on ? `until ${formatDate(v.expires_on)}` : 'no expiry'}`,
              )}
            none="None with sessions left"
          />
        )}
      />
      {client.notes ? (
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <Known label="Notes" value={client.notes} />
        </Box>
      ) : null}
    </Box>
  );
};
