import useSWR from 'swr';
import type {
  BooksQueryParams,
  CorrectionsBook,
  Page,
  SalesSummary,
  SpecialDiscountBook,
  Terminal,
  TerminalListQuery,
} from '@ginhawa/contract';
import { ALL_ROWS, getOne, getPage, withQuery } from '../../../lib/list-query';
import { TERMINALS_PATH } from './terminals';

/**
 * The books an examiner asks for (issue 33; decisions 1022, 1024): the sales summary (Annex E-1), the
 * senior citizen and PWD sales books (E-2, E-3) and the voids and credit memos, each JSON or `?format=csv` for a date range, per
 * branch and terminal. Admins read every branch's, a branch's Managers theirs.
 */
export const BOOKS = {
  'sales-summary': '/invoicing/books/sales-summary/',
  'senior-citizens': '/invoicing/books/senior-citizens/',
  pwd: '/invoicing/books/pwd/',
  corrections: '/invoicing/books/corrections/',
} as const;
export type BookName = keyof typeof BOOKS;

/** The screen's choices: a range of Manila business days, and optionally one branch and one terminal. */
export type BooksRange = { date_from: string; date_to: string; location: number | null; terminal: number | null };

/** The query of a book (JSON; the CSV link adds `format=csv`): no branch or terminal means all the caller may read. */
export const booksParams = ({ date_from, date_to, location, terminal }: BooksRange) =>
  ({
    date_from,
    date_to,
    location: location === null ? undefined : String(location),
    terminal: terminal === null ? undefined : String(terminal),
  }) satisfies BooksQueryParams;

/** Null `range` (the range is not a valid one yet) reads nothing. */
export const useSalesSummary = (range: BooksRange | null) =>
  useSWR<SalesSummary, unknown>(range && withQuery(BOOKS['sales-summary'], booksParams(range)), getOne<SalesSummary>);

export const useSpecialDiscountBook = (book: 'senior-citizens' | 'pwd', range: BooksRange | null) =>
  useSWR<SpecialDiscountBook, unknown>(
    range && withQuery(BOOKS[book], booksParams(range)),
    getOne<SpecialDiscountBook>,
  );

export const useCorrectionsBook = (range: BooksRange | null) =>
  useSWR<CorrectionsBook, unknown>(range && withQuery(BOOKS.corrections, booksParams(range)), getOne<CorrectionsBook>);

/** A branch's terminals (inactive ones too: their days are still in the books), by name. */
export const useBranchTerminals = (location: number | null) =>
  useSWR<Page<Terminal>, unknown>(
    location === null
      ? null
      : withQuery(TERMINALS_PATH, {
          ...ALL_ROWS,
          ordering: 'name',
          location: String(location),
        } satisfies TerminalListQuery),
    getPage<Terminal>,
  );
