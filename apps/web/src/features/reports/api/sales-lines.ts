import useSWR from 'swr';
import type {
  DailySalesQuery,
  DeleteSalesBody,
  DeleteSalesResult,
  PaymentMethod,
  SaleLinesPage,
  StoreSalesBody,
  StoreSalesResult,
} from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { idempotent } from '../../../lib/idempotency';
import { getOne, withQuery } from '../../../lib/list-query';
import { REPORTS_PATH } from './reports-keys';

export const DAILY_SALES_PATH = `${REPORTS_PATH}daily-sales/`;
/** The daily-sales filters as the screen holds them (ids as numbers); `withQuery` writes them out. */
export type SaleLineFilters = {
  date?: string;
  date_from?: string;
  date_to?: string;
  location?: number;
  salesperson?: number;
  bank?: number;
  payment_method?: PaymentMethod;
  kind?: DailySalesQuery['kind'];
  page?: number;
  pageSize?: number;
  ordering?: string;
};

/** Sale lines behind a figure: the same location, salesperson and period filters as the report. */
/** A page of lines with the sums of every line the filters match (decision 0505). */
export const useSaleLines = (filters: SaleLineFilters) =>
  useSWR<SaleLinesPage, unknown>(withQuery(DAILY_SALES_PATH, filters), getOne<SaleLinesPage>);

/** All-or-nothing: a bad line refuses the batch with errors per `sales.<i>.<field>`. */
export const storeSales = async (body: StoreSalesBody, key: string): Promise<StoreSalesResult> =>
  (await apiClient.post<StoreSalesResult>(`${REPORTS_PATH}store-sales-data/`, body, idempotent(key))).data;

/** The same lines as a CSV file; errors name `line_<n>` (the file's line number). */
export const storeSalesCsv = async (
  location: number,
  date: string,
  file: File,
  key: string,
): Promise<StoreSalesResult> => {
  const form = new FormData();
  form.append('file', file);
  return (
    await apiClient.post<StoreSalesResult>(
      withQuery(`${REPORTS_PATH}store-sales-data/`, { location, date }),
      form,
      idempotent(key),
    )
  ).data;
};

/** Admins delete at once (200); anyone else asks the approvers (202, `requested`). */
export const deleteSales = async (body: DeleteSalesBody): Promise<DeleteSalesResult> =>
  (await apiClient.post<DeleteSalesResult>(`${REPORTS_PATH}delete-sales-data/`, body)).data;
