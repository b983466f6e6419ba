import type { SaleLineRead } from '@ginhawa/contract';
import { csvLine, csvLines } from '../../lib/csv';

/** The sale lines' CSV layout (`GET /reports/daily-sales/?format=csv`); the reports' own layouts are reports/csv.ts. */

/** Every sale line the filters match, streamed as the database gives them (not one page). */
export const saleLinesCsv = (lines: AsyncIterable<SaleLineRead>): { name: string; lines: AsyncIterable<string> } => ({
  name: 'daily-sales',
  lines: (async function* () {
    yield* csvLines(
      [
        'id',
        'date',
        'location',
        'salesperson',
        'kind',
        'reference',
        'amount',
        'discount',
        'net_amount',
        'service_charge',
        'payment_method',
        'bank',
        'reference_no',
      ],
      [],
    );
    for await (const s of lines)
      yield csvLine([
        s.id,
        s.date,
        s.location_name,
        s.salesperson_name,
        s.kind,
        s.reference,
        s.amount,
        s.discount,
        s.net_amount,
        s.service_charge,
        s.payment_method,
        s.bank_name,
        s.reference_no,
      ]);
  })(),
});
