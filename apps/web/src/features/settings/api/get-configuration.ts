import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { Configuration, ConfigurationBody } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { settingsKey } from './get-settings';

export const configurationKey = '/configurations/';

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

const getConfiguration = async (key: string): Promise<Configuration> => (await apiClient.get<Configuration>(key)).data;

export const useConfiguration = () => useSWR<Configuration, unknown>(configurationKey, getConfiguration);

export const updateConfiguration = async (body: ConfigurationBody): Promise<Configuration> =>
  (await apiClient.patch<Configuration>(configurationKey, body)).data;

/** Checked before upload so the admin hears at once; the server checks the content again (413 above 2 MB). */
export const logoProblem = (file: File): string | null => {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size > LOGO_MAX_BYTES) return 'Choose an image of 2 MB or less.';
  return null;
};

export const uploadLogo = async (file: File): Promise<Configuration> => {
  const body = new FormData();
  body.append('file', file);
  return (await apiClient.post<Configuration>('/configurations/update-logo/', body)).data;
};

/** The new configuration everywhere at once: this screen and the shell's name and logo. */
export const useApplyConfiguration = () => {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (configuration: Configuration) => {
      await mutate(configurationKey, configuration, { revalidate: false });
      await mutate(
        settingsKey,
        {
          company_name: configuration.company_name,
          logoUrl: configuration.logoUrl,
          features: configuration.features,
        },
        { revalidate: false },
      );
    },
    [mutate],
  );
};
