import useSWR from 'swr';
import type { AllowedTreatment, AllowedTreatmentListQuery, Page } from '@ginhawa/contract';
import { getPage, withQuery } from '../../../lib/list-query';

export const allowedTreatmentsKey = (membershipId: number) =>
  withQuery('/services/membership-allowed-treatments/', {
    membership: String(membershipId),
    page: 1,
    pageSize: 500,
    ordering: 'treatment_name',
  } satisfies AllowedTreatmentListQuery);

/** Everything one membership includes, by treatment name. */
export const useAllowedTreatments = (membershipId: number | null) =>
  useSWR<Page<AllowedTreatment>, unknown>(
    membershipId === null ? null : allowedTreatmentsKey(membershipId),
    getPage<AllowedTreatment>,
  );
