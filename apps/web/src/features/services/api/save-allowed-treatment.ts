import type { AllowedTreatment, AllowedTreatmentBody } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

export const createAllowedTreatment = async (body: AllowedTreatmentBody): Promise<AllowedTreatment> =>
  (await apiClient.post<AllowedTreatment>('/services/membership-allowed-treatments/', body)).data;

export const updateAllowedTreatment = async (id: number, body: AllowedTreatmentBody): Promise<AllowedTreatment> =>
  (await apiClient.patch<AllowedTreatment>(`/services/membership-allowed-treatments/${id}/`, body)).data;
