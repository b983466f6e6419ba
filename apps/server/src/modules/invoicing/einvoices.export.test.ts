import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { einvoiceOutbox, terminals } from '../../db/schema/index';
import type { TestContext } from '../../test/build';
import { startSignedIn } from '../../test/agents';
import { issueDocument } from './documents.service';
import { writeEinvoices } from './einvoices.export';

/** `npm run einvoices` (decision 1023): each queued invoice of the range as its canonical JSON; nothing marked sent. */

let ctx: TestContext;
let out: string;

beforeAll(async () => {
  ({ ctx } = await startSignedIn());
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-einvoices-'));
});
afterAll(async () => {
  fs.rmSync(out, { recursive: true, force: true });
  await ctx?.close();
});

describe('the e-invoice export', () => {
  it('writes the range’s queued invoices and leaves them queued', async () => {
    const db = ctx.database.db;
    const [desk] = await db.select().from(terminals).orderBy(asc(terminals.id)).limit(1);
    const issue = (businessDate: string) =>
      db.transaction((tx) =>
        issueDocument(tx, {
          kind: 'invoice',
          terminalId: desk!.id,
          locationId: desk!.locationId,
          businessDate,
          cashier: { id: 1, name: 'Rica Reyes' },
          clientId: null,
          clientName: 'Walk-in',
          buyer: null,
          saleReference: 'T-1',
          lines: [
            {
              description: 'Massage',
              quantity: 1,
              unit_price: '1120.00',
              tax_class: 'vatable',
              senior_pwd_eligible: true,
            },
          ],
          discount: '0.00',
          serviceCharge: '0.00',
          special: null,
          payments: [{ method: 'cash', bankId: null, referenceNo: '', amount: '1120.00' }],
        }),
      );
    const inRange = await issue('2026-11-10');
    await issue('2026-11-12');
    const files = await writeEinvoices(ctx.database, { from: '2026-11-01', to: '2026-11-10', out, log: () => {} });
    expect(files).toEqual([`${desk!.id}-${inRange.document_no}.json`]);
    const text = fs.readFileSync(path.join(out, files[0]!), 'utf8');
    expect(JSON.parse(text)).toMatchObject({
      document_no: inRange.document_no,
      total_due: '1120.00',
      title: 'INVOICE',
    });
    // Canonical: keys sorted at every depth.
    expect(text.startsWith('{"business_date":"2026-11-10","buyer":')).toBe(true);
    const [queued] = await db.select().from(einvoiceOutbox).where(eq(einvoiceOutbox.invoiceId, inRange.id));
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
  });
});
