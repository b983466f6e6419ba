import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { booksQuerySchema, todayInManila } from '@ginhawa/contract';
import { CsvLink } from '../../../components/figures/csv-link';
import { DateField } from '../../../components/date-field';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import { BranchSelect } from '../../../components/branch-select';
import { PageHeader } from '../../../components/page-header';
import { TabbedCard } from '../../../components/tabbed-card';
import { formatDateRange } from '../../../lib/format';
import {
  BOOKS,
  booksParams,
  useBranchTerminals,
  useCorrectionsBook,
  useSalesSummary,
  useSpecialDiscountBook,
  type BookName,
  type BooksRange,
} from '../api/books';
import { CorrectionsTable, SalesSummaryTable, SpecialDiscountTable } from './books-tables';

const TABS = [
  { value: 'sales-summary', label: 'Sales summary (E-1)' },
  { value: 'senior-citizens', label: 'Senior citizens (E-2)' },
  { value: 'pwd', label: 'PWD (E-3)' },
  { value: 'corrections', label: 'Voids and credit memos' },
] as const satisfies readonly { value: BookName; label: string }[];
/**
 * A phone's three tabs share its width: short names, and a non-breaking hyphen in the annex's
 * number, so a name breaks before "(E‑1)", never inside it.
 */
const PHONE_TABS = [
  { value: 'sales-summary', label: 'Summary (E\u20111)' },
  { value: 'senior-citizens', label: 'Seniors (E\u20112)' },
  { value: 'pwd', label: 'PWD (E\u20113)' },
  { value: 'corrections', label: 'Voids' },
] as const satisfies readonly { value: BookName; label: string }[];

/** This month so far, in Manila business days. */
const thisMonthSoFar = () => {
  const today = todayInManila();
  return { date_from: `${today.slice(0, 7)}-01`, date_to: today };
};

/** The range as the server will take it, or why not (the contract's own sentence, under "To"). */
const checked = (range: BooksRange): { ok: true } | { ok: false; message: string } => {
  if (!range.date_from || !range.date_to) return { ok: false, message: 'Choose the first and the last day.' };
  const parsed = booksQuerySchema.safeParse(booksParams(range));
  return parsed.success ? { ok: true } : { ok: false, message: parsed.error.issues[0]?.message ?? '' };
};

type Loaded<T> = { data?: T; error: unknown; mutate: () => Promise<unknown> };

/** A book's panel: what it covers, its CSV, and its table (or loading, or what failed). */
const BookPanel = <T extends { date_from: string; date_to: string }>({
  name,
  title,
  range,
  book,
  table,
  note,
}: {
  name: BookName;
  title: string;
  range: BooksRange;
  book: Loaded<T>;
  table: (data: T) => ReactNode;
  note?: string;
}) => {
  let body;
  if (book.error && !book.data)
    body = (
      <LoadError title={`The ${title} could not be loaded`} error={book.error} onRetry={() => void book.mutate()} />
    );
  else if (!book.data) body = <LoadingBlock label={`Loading the ${title}`} />;
  else body = table(book.data);
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="body2" color="textSecondary" sx={{ flex: '1 1 220px' }}>
          {formatDateRange(range.date_from, range.date_to)}
          {note ? ` · ${note}` : ''}
        </Typography>
        <CsvLink path={BOOKS[name]} params={booksParams(range)} label="Download CSV" />
      </Stack>
      {body}
    </Box>
  );
};

const SummaryPanel = ({ range }: { range: BooksRange }) => {
  const book = useSalesSummary(range);
  return (
    <BookPanel
      name="sales-summary"
      title="sales summary"
      range={range}
      book={book}
      note="one row per terminal and day"
      table={(data) => <SalesSummaryTable book={data} />}
    />
  );
};

const DiscountPanel = ({ name, range }: { name: 'senior-citizens' | 'pwd'; range: BooksRange }) => {
  const book = useSpecialDiscountBook(name, range);
  return (
    <BookPanel
      name={name}
      title={name === 'pwd' ? 'PWD book' : 'senior citizens book'}
      range={range}
      book={book}
      note="one row per invoice; a voided one is listed, not totalled"
      table={(data) => <SpecialDiscountTable book={data} />}
    />
  );
};

const CorrectionsPanel = ({ range }: { range: BooksRange }) => {
  const book = useCorrectionsBook(range);
  return (
    <BookPanel
      name="corrections"
      title="voids and credit memos"
      range={range}
      book={book}
      note="each with its reason and who made it"
      table={(data) => <CorrectionsTable book={data} />}
    />
  );
};

type BooksScreenProps = {
  /** The branches to choose from (Admins: every one; Managers: theirs). */
  locations: readonly { id: number; name: string }[];
  /** Admins read every branch at once ("All branches"); a Manager's "all" is their own branches. */
  admin: boolean;
};

/**
 * /books (issue 33; decisions 1022, 1035): the sales summary (BIR Annex E-1) and the senior citizen
 * and PWD sales books (E-2, E-3) of a range of days, per branch and terminal, as the server sums them
 * from the documents; each downloads as the annex's CSV.
 */
export const BooksScreen = ({ locations, admin }: BooksScreenProps) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<BookName>('sales-summary');
  const [range, setRange] = useState<BooksRange>(() => ({
    ...thisMonthSoFar(),
    // A Manager of one branch reads that branch, so its terminals can be chosen.
    location: !admin && locations.length === 1 ? (locations[0]?.id ?? null) : null,
    terminal: null,
  }));
  const change = (next: Partial<BooksRange>) => setRange((prev) => ({ ...prev, ...next }));
  const terminals = useBranchTerminals(range.location);
  const valid = checked(range);

  let panel;
  if (!valid.ok) panel = null;
  else if (tab === 'sales-summary') panel = <SummaryPanel range={range} />;
  else if (tab === 'corrections') panel = <CorrectionsPanel range={range} />;
  else panel = <DiscountPanel key={tab} name={tab} range={range} />;

  return (
    <>
      <PageHeader
        title="Books"
        subtitle="The sales summary, the senior citizen and PWD sales books, and the voids and credit memos, as the BIR asks for them."
      />
      <Card sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <BranchSelect
            locations={locations}
            admin={admin}
            value={range.location}
            onChange={(location) => change({ location, terminal: null })}
            sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' } }}
          />
          <TextField
            select
            fullWidth={false}
            size="small"
            label="Terminal"
            value={range.terminal === null ? '' : String(range.terminal)}
            onChange={(e) => change({ terminal: e.target.value ? Number(e.target.value) : null })}
            disabled={range.location === null}
            helperText={range.location === null ? 'Choose a branch to pick one of its terminals.' : undefined}
            sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All terminals</MenuItem>
            {(terminals.data?.results ?? []).map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.is_active ? t.name : `${t.name} (inactive)`}
              </MenuItem>
            ))}
          </TextField>
          <DateField
            label="From"
            size="small"
            value={range.date_from}
            onChange={(e) => change({ date_from: e.target.value })}
            sx={{ flex: { xs: '1 1 100%', sm: '0 1 190px' } }}
          />
          <DateField
            label="To"
            size="small"
            value={range.date_to}
            onChange={(e) => change({ date_to: e.target.value })}
            error={!valid.ok}
            helperText={valid.ok ? undefined : valid.message}
            sx={{ flex: { xs: '1 1 100%', sm: '0 1 190px' } }}
          />
        </Stack>
      </Card>
      <TabbedCard label="Books" idPrefix="books" tabs={phone ? PHONE_TABS : TABS} value={tab} onChange={setTab}>
        {panel}
      </TabbedCard>
    </>
  );
};
