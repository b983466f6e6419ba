import type { Bank, BankBody, BankPatch } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

export const createBank = async (body: BankBody): Promise<Bank> => (await apiClient.post<Bank>('/banks/', body)).data;

export const updateBank = async (id: number, body: BankPatch): Promise<Bank> =>
  (await apiClient.patch<Bank>(`/banks/${id}/`, body)).data;
