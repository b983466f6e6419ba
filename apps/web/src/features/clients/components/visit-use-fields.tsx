import { useEffect, useRef, useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPeso, type ClientArrivalBody, type ClientServices } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import type { FieldErrors } from '../../../lib/api-client';
import { useClientServices } from '../api/get-client-activity';
import { arrivalOptions, defaultOption, optionFor, PAY_AT_DESK, replacementFor } from './arrival-options';
import { UseField } from './arrival-use-field';
import { manilaNow } from './manila-now';
import { visitUseOf, WALK_IN_PAYMENT_START, type HeldDeposit } from './walk-in-payment';

/** What a visit is paid with, as the arrival's body names it: a voucher session, a membership, or the desk. */
export type VisitUse = Pick<ClientArrivalBody, 'voucher' | 'client_membership' | 'payment'>;

export type VisitUseFieldsProps = {
  client: number;
  /** The branch the visit is at: its salespersons sell the walk-in. */
  location: number;
  /** The treatment chosen; null until it is (vouchers wait for it). */
  treatment: number | null;
  /** A reservation's deposit: the desk payment collects only the rest. */
  deposit?: HeldDeposit;
  /** Told every change, with the body's parts the arrival sends. */
  onChange: (use: VisitUse) => void;
  /** The server's field errors of the last send (`voucher`, `payment.bank` …). */
  errors: FieldErrors;
  disabled: boolean;
  /** Sends refused so far: after each, a voucher or membership chosen is read again, as the arrival card does. */
  refused?: number;
};

const VisitUseForm = ({
  services,
  treatment,
  onChange,
  errors,
  disabled,
  deposit,
  refused = 0,
  reread,
}: Omit<VisitUseFieldsProps, 'client'> & { services: ClientServices; reread: () => void }) => {
  const [{ today }] = useState(() => manilaNow(new Date()));
  const options = arrivalOptions(services, treatment, today);
  const [use, setUse] = useState(() => defaultOption(options).value);
  const [shownFor, setShownFor] = useState(treatment);
  // A new treatment changes what may be used: the best allowed choice for it again, as on the arrival card.
  if (shownFor !== treatment) {
    setShownFor(treatment);
    setUse(defaultOption(options).value);
  }
  const report = useRef(onChange);
  report.current = onChange;
  // Nothing is paid before the service: a visit on nothing opens a tab, paid at checkout (decision 0910).
  const body = { ...visitUseOf(optionFor(options, use), WALK_IN_PAYMENT_START), payment: null };
  const key = JSON.stringify(body);
  useEffect(() => report.current(JSON.parse(key) as VisitUse), [key]);
  // A refused send on a voucher or membership (used up meanwhile at another desk): what the client
  // holds is read again, and the choice gives way as on the arrival card (replacementFor).
  const onHeld = body.voucher !== null || body.client_membership !== null;
  useEffect(() => {
    if (refused > 0 && onHeld) reread();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a send was refused
  }, [refused]);
  const replacement = replacementFor(options, use);
  useEffect(() => {
    if (replacement !== null) setUse(replacement);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when what the client holds was read again
  }, [services]);

  return (
    <>
      <UseField
        options={options}
        value={use}
        onChange={setUse}
        disabled={disabled}
        error={errors.voucher?.[0] ?? errors.client_membership?.[0]}
      />
      {use === PAY_AT_DESK.value ? (
        <Typography variant="body2" color="textSecondary">
          Paid at checkout, after the service
          {deposit ? `: the ${formatPeso(deposit.amount)} deposit is taken off there` : ''}.
        </Typography>
      ) : null}
    </>
  );
};

/**
 * What the client uses for a visit logged outside the arrival card (the floor board's "Assign next"
 * and a reservation's "Client arrived"): the same choices and body as the card, so the desk redeems a
 * voucher session in the one send. Nothing is paid here: the visit opens a tab, paid at checkout
 * after the service (issue 32, decision 0910).
 * The app composes it into the floor feature (features do not import each other; decision 0901).
 */
export const VisitUseFields = ({ client, ...rest }: VisitUseFieldsProps) => {
  const services = useClientServices(client);
  if (services.error)
    return (
      <LoadError
        title="What this client may use could not be loaded"
        error={services.error}
        onRetry={() => void services.mutate()}
      />
    );
  if (!services.data)
    return (
      <Stack spacing={1} aria-busy="true" aria-label="Loading what the client may use">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={96} />
      </Stack>
    );
  return <VisitUseForm services={services.data} reread={() => void services.mutate()} {...rest} />;
};
