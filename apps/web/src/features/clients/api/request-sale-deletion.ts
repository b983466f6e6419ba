import type { DeleteSalesBody, DeleteSalesResult } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * Deletes a paid arrival's sale lines (Admins, at once) or asks the Admins and the branch's Managers
 * to (anyone else: 202 `requested`); the arrival can be cancelled once they are gone (decision 0411).
 */
export const deleteArrivalSales = async (body: DeleteSalesBody): Promise<DeleteSalesResult> =>
  (await apiClient.post<DeleteSalesResult>('/reports/delete-sales-data/', body)).data;
