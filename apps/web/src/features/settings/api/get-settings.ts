import useSWR from 'swr';
import { PRODUCT_NAME, type Settings } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import defaultLogo from '../../../assets/logo.svg';

export const settingsKey = '/configurations/settings/';

export const getSettings = async (): Promise<Settings> => (await apiClient.get<Settings>(settingsKey)).data;

/** Company name and logo for the shell, with the built-in defaults while loading or when unset. */
export const useSettings = () => {
  const { data, isLoading } = useSWR<Settings, unknown>(settingsKey, getSettings);
  return {
    companyName: data?.company_name?.trim() || PRODUCT_NAME,
    logoUrl: data?.logoUrl || defaultLogo,
    isLoading,
  };
};
