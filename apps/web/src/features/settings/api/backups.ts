import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';
import type { Backup } from '@ginhawa/contract';
import { API_URL } from '../../../config/env';
import { apiClient } from '../../../lib/api-client';

export const backupsKey = '/backups/';

const getBackups = async (key: string): Promise<Backup[]> => (await apiClient.get<Backup[]>(key)).data;

/**
 * Every backup, newest first (a handful: not paged). Read only on the embedded database: on
 * PostgreSQL the server refuses every call with 409, so the screen does not ask.
 */
export const useBackups = (enabled: boolean) => useSWR<Backup[], unknown>(enabled ? backupsKey : null, getBackups);

export const createBackup = async (): Promise<Backup> => (await apiClient.post<Backup>(backupsKey)).data;

/** The file itself: the browser downloads it with the session cookie. */
export const backupDownloadUrl = (backup: Pick<Backup, 'id'>) => `${API_URL}/backups/${backup.id}/download/`;

/** The new backup at the top of the list at once, then the list as the server has it. */
export const useAddBackup = () => {
  const { mutate } = useSWRConfig();
  return useCallback(
    (backup: Backup) =>
      mutate<Backup[]>(backupsKey, (list) => [backup, ...(list ?? []).filter((b) => b.id !== backup.id)], {
        revalidate: true,
      }),
    [mutate],
  );
};
