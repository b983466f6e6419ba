import type { Treatment, TreatmentBody } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

export const createTreatment = async (body: TreatmentBody): Promise<Treatment> =>
  (await apiClient.post<Treatment>('/services/treatments/', body)).data;

export const updateTreatment = async (id: number, body: TreatmentBody): Promise<Treatment> =>
  (await apiClient.patch<Treatment>(`/services/treatments/${id}/`, body)).data;
