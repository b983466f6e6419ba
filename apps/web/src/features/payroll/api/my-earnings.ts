import useSWR from 'swr';
import type { MyEarnings, MyEarningsQuery } from '@ginhawa/contract';
import { getOne, withQuery } from '../../../lib/list-query';
import { MY_EARNINGS_PATH } from './payroll-keys';

/** My lines and total for a cutoff so far (the current one unless given); revalidated live (payroll-keys.ts). */
export const useMyEarnings = (query: MyEarningsQuery = {}) =>
  useSWR<MyEarnings, unknown>(withQuery(MY_EARNINGS_PATH, query), getOne<MyEarnings>);
