import useSWR from 'swr';
import type { Page, Treatment } from '@ginhawa/contract';
import { ALL_ROWS, getPage, withQuery, type ListParams } from './query';

export type TreatmentListParams = ListParams & { category?: number | null; is_active?: boolean | null };

export const treatmentsKey = (params: TreatmentListParams) => withQuery('/services/treatments/', params);

/** One page of treatments, filtered and ordered on the server. */
export const useTreatments = (params: TreatmentListParams) => useSWR<Page<Treatment>, unknown>(treatmentsKey(params), getPage<Treatment>);

/** Every active treatment, for choosing what a membership includes. */
export const useActiveTreatmentOptions = () =>
  useSWR<Page<Treatment>, unknown>(treatmentsKey({ ...ALL_ROWS, ordering: 'category,name', is_active: true }), getPage<Treatment>);
