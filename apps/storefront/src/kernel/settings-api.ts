import type { RouteOutput } from '@otc/sdk';
import { api } from '../lib/api';

export type Settings = RouteOutput<'settings'>;

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<Settings, void>({
      query: () => ({ route: 'settings' }),
      providesTags: ['Settings'],
      // Settings change rarely: keep them for the whole visit.
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetSettingsQuery } = settingsApi;
