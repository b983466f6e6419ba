import type { ClientImportResult } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** Sends the CSV as the multipart `file` part: first as a dry run (what would be created, every bad line), then for real. */
export const importClients = async (file: File, dryRun: boolean): Promise<ClientImportResult> => {
  const body = new FormData();
  body.append('file', file);
  return (await apiClient.post<ClientImportResult>(`/clients/import/?dry_run=${dryRun}`, body)).data;
};
