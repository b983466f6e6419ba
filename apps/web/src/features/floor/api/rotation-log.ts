import useSWR from 'swr';
import type { RotationLogEntry, RotationLogQuery } from '@ginhawa/contract';
import { getOne, withQuery } from '../../../lib/list-query';

/** A branch's rotation log of a day (today unless given), newest first; under /floor/, so every board change revalidates it. */
export const useRotationLog = (location: number, date?: string) =>
  useSWR<RotationLogEntry[], unknown>(
    withQuery('/floor/rotation/log/', { location: String(location), date } satisfies RotationLogQuery),
    getOne<RotationLogEntry[]>,
  );
