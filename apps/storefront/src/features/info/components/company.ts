import { useGetSettingsQuery } from '../../../kernel/settings-api';

/** The company named in legal texts: the settings' company name once loaded. */
export function useCompanyName(fallback: string): string {
  const { data } = useGetSettingsQuery();
  return data?.companyName || fallback;
}
