import type { JournalVerification } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** Walks every terminal's journal chain on the server (decision 1001). */
export const verifyJournal = async (): Promise<JournalVerification> =>
  (await apiClient.get<JournalVerification>('/invoicing/journal/verify/')).data;
