// The storefront's ONE RTK Query API. Its base query calls the SDK client, so the SDK's token
// refresh lock, agent id and error types are the ones in force. Features add their endpoints
// with `api.injectEndpoints` and use the central tag types below.
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ApiError, ValidationError, type RouteInput, type RouteName } from '@otc/sdk';
import { client } from './sdk';

/** What an endpoint's `query` returns: a contract route name and its input. */
export type SdkRequest = {
  [N in RouteName]: { route: N } & RouteInput<N>;
}[RouteName];

/** Errors as RTK Query keeps them (plain data, serializable). */
export interface SdkQueryError {
  /** HTTP status, or 'FETCH_ERROR' when no answer arrived. */
  status: number | 'FETCH_ERROR';
  message: string;
  /** API error code (`notEnoughBalance`, `card_already_in_system`, ...). */
  code?: string;
  /** 422: first message per field, dotted and indexed keys grouped (SDK ValidationError). */
  fieldErrors?: Record<string, string>;
  /** 422: indexes that failed per root key, e.g. `{ rows: [1] }`. */
  rowIndexes?: Record<string, number[]>;
}

export function toQueryError(error: unknown): SdkQueryError {
  if (error instanceof ValidationError) {
    return {
      status: error.status,
      message: error.message,
      code: error.code,
      fieldErrors: error.fieldErrors,
      rowIndexes: error.rowIndexes,
    };
  }
  if (error instanceof ApiError) {
    return { status: error.status, message: error.message, code: error.code };
  }
  return { status: 'FETCH_ERROR', message: error instanceof Error ? error.message : String(error) };
}

type LooseCall = (name: RouteName, input?: Omit<SdkRequest, 'route'>) => Promise<unknown>;

export const sdkBaseQuery: BaseQueryFn<SdkRequest, unknown, SdkQueryError> = async (request) => {
  const { route, ...input } = request;
  try {
    // The union of every route's input cannot be narrowed per call here; `SdkRequest` already
    // ties each route to its own input type at the endpoint.
    const data = await (client.call as unknown as LooseCall)(route, input);
    return { data };
  } catch (error) {
    return { error: toQueryError(error) };
  }
};

export const TAG_TYPES = [
  'Session',
  'Customer',
  'Settings',
  'Categories',
  'Products',
  'Product',
  'Cart',
  'Order',
  'Orders',
  'Favorites',
  'Addresses',
  'Cards',
  'HealthPlans',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: sdkBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
