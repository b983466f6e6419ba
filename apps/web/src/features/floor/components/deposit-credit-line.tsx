import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { PAYMENT_METHOD_LABELS, type DepositCredit, type PaymentMethod } from '@ginhawa/contract';
import { formatDate, formatPeso } from '../../../lib/format';

const FROM: Record<string, string> = { no_show: 'the no-show', cancelled: 'the cancellation', arrived: 'the visit' };

type DepositCreditLineProps = {
  credit: DepositCredit;
  /** True while the booking carries it (its own deposit fields are then hidden). */
  used: boolean;
  onUse: (used: boolean) => void;
};

/**
 * The client's credited deposit at this branch, offered on the booking: "₱300.00 deposit credit
 * from the no-show of 20 Nov 2026 — Use it". Carried, it is the booking's deposit (decision 0900).
 */
export const DepositCreditLine = ({ credit, used, onUse }: DepositCreditLineProps) => {
  const what = `${formatPeso(credit.amount)} deposit credit from ${FROM[credit.status] ?? 'the booking'} of ${formatDate(credit.date)}`;
  const how = PAYMENT_METHOD_LABELS[credit.payment_method as PaymentMethod] ?? credit.payment_method;
  return (
    <Alert
      severity={used ? 'success' : 'info'}
      action={
        <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => onUse(!used)}>
          {used ? 'Don’t use' : 'Use it'}
        </Button>
      }
    >
      {used
        ? `This booking carries the ${what} (${how}${credit.reference_no ? `, ref. ${credit.reference_no}` : ''}).`
        : `${what} — use it as this booking’s deposit.`}
    </Alert>
  );
};
