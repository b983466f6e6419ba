// npm run einvoices -- --from YYYY-MM-DD --to YYYY-MM-DD --out DIR
// Writes each queued e-invoice (the e-invoicing outbox, issue 33) of documents dated in the range as
// one canonical JSON file in DIR; marks nothing sent (transmission is off: docs/operations.md).
// Reads DATABASE_URL, else the embedded database under DATA_DIR (stop the server first).
import { tsImport } from 'tsx/esm/api';

const args = process.argv.slice(2);
const value = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const from = value('from');
const to = value('to');
const out = value('out');
const isDate = (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
if (!isDate(from) || !isDate(to) || to < from || !out) {
  console.error(
    'Usage: npm run einvoices -- --from YYYY-MM-DD --to YYYY-MM-DD --out DIR (the last day on or after the first).',
  );
  process.exit(2);
}
try {
  const { exportEinvoices } = await tsImport(
    '../apps/server/src/modules/invoicing/einvoices.export.ts',
    import.meta.url,
  );
  await exportEinvoices({ from, to, out, log: (line) => console.log(line) });
} catch (err) {
  if (err?.name !== 'DataDirLockedError') throw err;
  console.error(err.message);
  process.exit(1);
}
