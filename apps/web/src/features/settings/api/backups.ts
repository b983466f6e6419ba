import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';
import type { Backup } from '@ginhawa/contract';
import { API_URL } from '../../../config/env';
import { ApiError, apiClient } from '../../../lib/api-client';

export const backupsKey = '/backups/';

const getBackups = async (key: string): Promise<Backup[]> => (await apiClient.get<Backup[]>(key)).data;

/** On PostgreSQL the server refuses with 409 and a sentence: asking again would not change it. */
export const isBackupsRefusal = (error: unknown) => error instanceof ApiError && error.status === 409;

/** Every backup, newest first (a handful: not paged). */
export const useBackups = () =>
  useSWR<Backup[], unknown>(backupsKey, getBackups, { shouldRetryOnError: (err) => !isBackupsRefusal(err) });

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
