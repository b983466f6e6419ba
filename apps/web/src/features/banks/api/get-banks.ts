import { bankListQuerySchema, type Bank } from '@ginhawa/contract';
import { under, useRevalidate, withQuery, type ListResource } from '../../../lib/list-query';
import { deleteBank } from './delete-bank';

export const BANKS_PATH = '/banks/';

const stale = under(BANKS_PATH);

/** Bank accounts, searched, filtered and ordered on the server. */
export const banksResource: ListResource<Bank, typeof bankListQuerySchema> = {
  schema: bankListQuerySchema,
  key: (query) => withQuery(BANKS_PATH, query),
  stale,
  remove: (bank) => deleteBank(bank.id),
};

export const useRevalidateBanks = () => useRevalidate(stale);
