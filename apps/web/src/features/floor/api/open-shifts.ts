import useSWR from 'swr';
import type { Page, Shift, ShiftListQuery } from '@ginhawa/contract';
import { getPage, withQuery } from '../../../lib/list-query';
import type { Prefetch } from '../../../lib/swr';
import { FLOOR_PATH } from './get-board';

const openShiftsKey = (location: number) =>
  withQuery(`${FLOOR_PATH}shifts/`, {
    location: String(location),
    open: 'true',
    page: 1,
    pageSize: 100,
  } satisfies ShiftListQuery);

/** Started by /floor's route with the board (decision 1050). */
export const prefetchOpenShifts = (prefetch: Prefetch, location: number) =>
  prefetch(openShiftsKey(location), getPage<Shift>);

/**
 * Who is clocked in at a branch now, receptionists included (the board's rotation carries only
 * therapists). Under /floor/, so a clock-in, a clock-out or a live frame reads it again.
 */
export const useOpenShifts = (location: number) =>
  useSWR<Page<Shift>, unknown>(openShiftsKey(location), getPage<Shift>);
