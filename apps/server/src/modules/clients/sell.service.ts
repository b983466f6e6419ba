import type { InvoiceDocument, Sale } from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../db/audit';
import { idempotent } from '../../db/idempotency';
import type { AuthUser } from '../../lib/actor';
import {
  authorizeSale,
  backdatedNote,
  checkPayment,
  setSaleReference,
  type DeskSale,
  type Payment,
} from '../sales/index';

/**
 * What selling a membership (client-memberships.service.ts) and selling a voucher
 * (vouchers.service.ts) share, in one transaction under the request's Idempotency-Key: who may sell
 * here, the payment's checks and the day it is filed under, then the product's own rows and sale
 * line (`write`), the sale's reference (`CM-12`, the voucher's code) and its invoice, the row as
 * read back with its sale and document, and the audit row saying it was sold (and backdated, when it was).
 */
export const sellAtDesk = <T extends { id: number }>(
  db: Db,
  user: AuthUser,
  sold: {
    route: string;
    tableName: 'client_memberships' | 'client_treatments';
    input: Payment & { client: number };
    idempotencyKey: string | null;
  },
  write: (
    tx: Tx,
    paid: { client: { id: number; full_name: string }; date: string },
  ) => Promise<{ sale: DeskSale; rowId: number; reference: string }>,
  read: (tx: Tx, user: AuthUser, id: number) => Promise<T>,
): Promise<T & { sale: Sale; document: InvoiceDocument | null }> =>
  idempotent(
    db,
    { userId: user.id, route: sold.route, key: sold.idempotencyKey, body: sold.input },
    (tx) => authorizeSale(tx, user, sold.input),
    async (tx, authorized) => {
      const { client, date, dated } = await checkPayment(tx, user, authorized, sold.input);
      const written = await write(tx, { client, date });
      // With invoicing on, the sale's INVOICE is issued under its reference (issue 33).
      const { sale, document } = await setSaleReference(tx, user, written.sale, written.reference);
      const result = { ...(await read(tx, user, written.rowId)), sale, document };
      await audit(tx, {
        actorId: user.id,
        action: 'sell',
        tableName: sold.tableName,
        rowId: result.id,
        after: { ...result, ...backdatedNote(dated) },
      });
      return result;
    },
  );
