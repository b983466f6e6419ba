import useSWR from 'swr';
import type { JournalTextQueryParams, JournalVerification, Page, Terminal, TerminalListQuery } from '@ginhawa/contract';
import { API_URL } from '../../../config/env';
import { apiClient } from '../../../lib/api-client';
import { ALL_ROWS, getPage, withQuery } from '../../../lib/list-query';
import { TERMINALS_PATH } from './terminals';

/** Walks every terminal's journal chain on the server (decision 1001). */
export const verifyJournal = async (): Promise<JournalVerification> =>
  (await apiClient.get<JournalVerification>('/invoicing/journal/verify/')).data;

/** One terminal's journal of a range of days as text, downloaded by the browser (decision 1024). */
export const journalTextHref = (query: JournalTextQueryParams): string =>
  API_URL + withQuery('/invoicing/journal/', query);

/** Every terminal, inactive ones too (their journals stay), by name: the journal's choice. */
export const useAllTerminals = () =>
  useSWR<Page<Terminal>, unknown>(
    withQuery(TERMINALS_PATH, { ...ALL_ROWS, ordering: 'name' } satisfies TerminalListQuery),
    getPage<Terminal>,
  );
