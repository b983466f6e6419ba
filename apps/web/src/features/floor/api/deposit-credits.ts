import useSWR from 'swr';
import type { DepositCredit } from '@ginhawa/contract';
import { getOne, withQuery } from '../../../lib/list-query';

/** The client's credited deposits at the branch, newest first: what a new booking may carry (decision 0900). */
export const useDepositCredits = (client: number, location: number) =>
  useSWR<DepositCredit[], unknown>(
    withQuery('/floor/reservations/deposit-credits/', { client: String(client), location: String(location) }),
    getOne<DepositCredit[]>,
  );
