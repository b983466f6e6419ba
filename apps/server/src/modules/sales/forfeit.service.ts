import type { PaymentMethod } from '@ginhawa/contract';
import type { Tx } from '../../db/client';
import { eq, sql } from 'drizzle-orm';
import { audit } from '../../db/audit';
import { clients, sales, users } from '../../db/schema/index';
import { displayName } from '../../lib/actor';
import { depositDocumentBody } from '../../lib/deposit-document';
import { issueDocument, terminalFor } from '../invoicing/index';
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
  // The spa kept it: a sale, so an INVOICE for what was kept, from the terminal that acknowledged it (issue 33).
  const reference = `R-${deposit.reservationId}`;
  const terminalId = await terminalFor(tx, reference, deposit.locationId);
  if (terminalId !== null) {
    const [who] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
      .from(users)
      .where(eq(users.id, actorId));
    const [client] = await tx
      .select({ name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}` })
      .from(clients)
      .where(eq(clients.id, deposit.clientId));
    const document = await issueDocument(tx, {
      kind: 'invoice',
      terminalId,
      locationId: deposit.locationId,
      businessDate: deposit.date,
      cashier: { id: actorId, name: who ? displayName(who) : 'System' },
      clientId: deposit.clientId,
      clientName: client?.name ?? '',
      saleReference: reference,
      ...depositDocumentBody(deposit.description, {
        method: deposit.paymentMethod,
        bankId: deposit.bankId,
        referenceNo: deposit.referenceNo,
        amount: deposit.amount,
      }),
    });
    await tx.update(sales).set({ invoiceId: document.id }).where(eq(sales.id, line!.id));
  }
  const after = { ...toSale(line!), description: deposit.description };
  await audit(tx, { actorId, action: 'create', tableName: 'sales', rowId: line!.id, after });
  return after;
};
