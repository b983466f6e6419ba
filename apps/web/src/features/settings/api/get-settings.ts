import { useCompanyName, useSettingsData } from '../../../lib/settings';
import defaultLogo from '../../../assets/logo.svg';

export { getSettings, settingsKey } from '../../../lib/settings';

/** Company name and logo for the shell, with the built-in defaults while loading or when unset. */
export const useSettings = () => {
  const { data, isLoading } = useSettingsData();
  return {
    companyName: useCompanyName(),
    logoUrl: data?.logoUrl || defaultLogo,
    isLoading,
  };
};
