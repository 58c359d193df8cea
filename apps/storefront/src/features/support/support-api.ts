import type { RouteInput, RouteOutput } from '@otc/sdk';
import { api } from '../../lib/api';

export type ContactMessageInput = NonNullable<RouteInput<'sendContactMessage'>['body']>;
export type BalanceCheckInput = NonNullable<RouteInput<'checkBalance'>['body']>;

export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<RouteOutput<'sendContactMessage'>, ContactMessageInput>({
      query: (body) => ({ route: 'sendContactMessage', body }),
    }),
    checkBalance: build.mutation<RouteOutput<'checkBalance'>, BalanceCheckInput>({
      query: (body) => ({ route: 'checkBalance', body }),
    }),
  }),
});

export const { useSendContactMessageMutation, useCheckBalanceMutation } = supportApi;
