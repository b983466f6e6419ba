import useSWR from 'swr';
import type { InvoicingProfile, InvoicingProfileBody } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

export const INVOICING_PROFILE_PATH = '/invoicing/profile/';

const getInvoicingProfile = async (): Promise<InvoicingProfile> =>
  (await apiClient.get<InvoicingProfile>(INVOICING_PROFILE_PATH)).data;

/** Who the seller is, and what is still missing before invoices can carry every fact. */
export const useInvoicingProfile = () => useSWR<InvoicingProfile, unknown>(INVOICING_PROFILE_PATH, getInvoicingProfile);

export const saveInvoicingProfile = async (body: InvoicingProfileBody): Promise<InvoicingProfile> =>
  (await apiClient.put<InvoicingProfile>(INVOICING_PROFILE_PATH, body)).data;
