import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { Bank, Page } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { withQuery, type ListParams } from '../../../components/admin-list/query-string';

export const BANKS_PATH = '/banks/';

export type BankListParams = ListParams & { is_active?: boolean };

export const banksKey = (params: BankListParams) => withQuery(BANKS_PATH, params);

const getPage = async (key: string): Promise<Page<Bank>> => (await apiClient.get<Page<Bank>>(key)).data;

/** One page of bank accounts, searched, filtered and ordered on the server. */
export const useBanks = (params: BankListParams) => useSWR<Page<Bank>, unknown>(banksKey(params), getPage);

export const useRevalidateBanks = () => {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith(BANKS_PATH)), [mutate]);
};
