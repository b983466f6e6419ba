import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { openEmbedded, openPostgres } from '../../db/client';
import { loadEnv } from '../../plugins/env';
import { canonicalJson } from './journal.service';

/**
 * `npm run einvoices -- --from YYYY-MM-DD --to YYYY-MM-DD --out DIR` (issue 33; RR 11-2025 as
 * extended by RR 26-2025; decision 1023): writes each queued e-invoice (outbox status pending or
 * failed) of documents dated in the range as `<terminal>-<document number>.json`, its canonical
 * JSON (keys sorted, as the journal hashes it). It marks nothing sent: transmission to the BIR stays
 * off until the business is onboarded, and whoever uploads the files keeps their own record.
 */
export type EinvoiceExport = { from: string; to: string; out: string; log: (line: string) => void };

export const writeEinvoices = async (database: Database, options: EinvoiceExport) => {
  const rows = (
    (await database.db.execute(sql`select o.id, o.status, o.payload, i.terminal_id, i.document_no
      from einvoice_outbox o join invoices i on i.id = o.invoice_id
      where o.status in ('pending', 'failed') and i.business_date between ${options.from}::date and ${options.to}::date
      order by i.terminal_id, i.kind, i.number`)) as unknown as {
      rows: { id: number; status: string; payload: unknown; terminal_id: number; document_no: string }[];
    }
  ).rows;
  fs.mkdirSync(options.out, { recursive: true });
  const files: string[] = [];
  for (const row of rows) {
    const name = `${row.terminal_id}-${row.document_no.replace(/[^A-Za-z0-9-]/g, '_')}.json`;
    fs.writeFileSync(path.join(options.out, name), `${canonicalJson(row.payload)}\n`);
    files.push(name);
  }
  options.log(
    `${files.length} e-invoice${files.length === 1 ? '' : 's'} from ${options.from} to ${options.to} written to ${options.out} (nothing marked sent).`,
  );
  return files;
};

/** The script's entry: DATABASE_URL, else the embedded database under DATA_DIR (the server stopped). */
export const exportEinvoices = async (options: EinvoiceExport) => {
  const env = loadEnv();
  const database = env.databaseUrl
    ? await openPostgres(env.databaseUrl, 2)
    : await openEmbedded(env.dataDir, { command: 'npm run einvoices' });
  try {
    return await writeEinvoices(database, options);
  } finally {
    await database.close();
  }
};
