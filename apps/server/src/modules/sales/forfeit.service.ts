import type { PaymentMethod } from '@ginhawa/contract';
import type { Tx } from '../../db/client';
import { audit } from '../../db/audit';
import { assertDayOpen } from './day-lock.service';
import { recordSale } from './record-sale.service';
import { toSale } from './sale-lines.service';

/** A reservation's deposit the spa keeps, as the floor board hands it over. */
export type ForfeitedDeposit = {
  reservationId: number;
  locationId: number;
  clientId: number;
  /** The Manila day it is forfeited: the day the money counts in. */
  date: string;
  amount: string;
  paymentMethod: PaymentMethod;
  bankId: number | null;
  referenceNo: string;
  /** "Forfeited deposit: Hilot reservation of 20 Nov 2026", kept in the line's audit row. */
  description: string;
};

/**
 * Writes a forfeited deposit as a sale line of the day it is forfeited (decision 0900, "A forfeited
 * deposit is takings"): kind `forfeit`, under the deposit's method, bank and reference, with no
 * salesperson, so it counts in the day's takings and per-method totals but earns no commission and
 * no leaderboard place. An approved day is closed to it (409), as to every other sale write.
 * Runs in the caller's transaction, which holds the reservation's row lock.
 */
export const recordForfeitedDeposit = async (tx: Tx, actorId: number, deposit: ForfeitedDeposit) => {
  await assertDayOpen(tx, deposit.locationId, deposit.date, 'sales', 'deposit');
  const [line] = await recordSale(
    tx,
    { id: actorId },
    {
      date: deposit.date,
      locationId: deposit.locationId,
      lines: [
        {
          kind: 'forfeit',
          clientId: deposit.clientId,
          salespersonId: null,
          reference: `R-${deposit.reservationId}`,
          amount: deposit.amount,
          paymentMethod: deposit.paymentMethod,
          bankId: deposit.bankId,
          referenceNo: deposit.referenceNo,
        },
      ],
    },
  );
  const after = { ...toSale(line!), description: deposit.description };
  await audit(tx, { actorId, action: 'create', tableName: 'sales', rowId: line!.id, after });
  return after;
};
