import {
  terminalListQuerySchema,
  type DeleteResult,
  type Terminal,
  type TerminalBody,
  type TerminalPatch,
} from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { under, useRevalidate, withQuery, type ListResource } from '../../../lib/list-query';
import { INVOICING_PROFILE_PATH } from './invoicing-profile';

export const TERMINALS_PATH = '/invoicing/terminals/';

/** A terminal change can settle or open a line of the profile's "still missing" list, so both are stale. */
const stale = (key: string) => under(TERMINALS_PATH)(key) || key === INVOICING_PROFILE_PATH;

/** Never deleted: DELETE deactivates (a terminal keeps its series and grand total). */
export const deactivateTerminal = async (id: number): Promise<DeleteResult> =>
  (await apiClient.delete<DeleteResult>(`${TERMINALS_PATH}${id}/`)).data;

export const terminalsResource: ListResource<Terminal, typeof terminalListQuerySchema> = {
  schema: terminalListQuerySchema,
  key: (query) => withQuery(TERMINALS_PATH, query),
  stale,
  remove: (terminal) => deactivateTerminal(terminal.id),
};

export const useRevalidateTerminals = () => useRevalidate(stale);

export const createTerminal = async (body: TerminalBody): Promise<Terminal> =>
  (await apiClient.post<Terminal>(TERMINALS_PATH, body)).data;

export const updateTerminal = async (id: number, body: TerminalPatch): Promise<Terminal> =>
  (await apiClient.patch<Terminal>(`${TERMINALS_PATH}${id}/`, body)).data;
