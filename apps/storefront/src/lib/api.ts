// The storefront's ONE RTK Query API. Its base query calls the visitor's SDK client (the store's
// `extra`, lib/sdk.ts), so the SDK's session rules, agent id and error types are the ones in force. Features add their endpoints
// with `api.injectEndpoints` and use the central tag types below.
import { buildCreateApi, coreModule, reactHooksModule, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import {
  ApiError,
  NetworkError,
  ValidationError,
  type CallOptions,
  type Locale,
  type RouteInput,
  type RouteName,
} from '@otc/sdk';
import { sdkOf } from './sdk';
import { onServer } from './on-server';

/**
 * What an endpoint's `query` returns: a contract route name, its input and, optionally, the
 * language of this call (sent as Accept-Language; the SDK client holds no shared locale).
 */
export type SdkRequest = {
  [N in RouteName]: { route: N; locale?: Locale } & RouteInput<N>;
}[RouteName];

/** One field's failure of a 422: a code of the SDK's error catalogue and its parameters. */
export interface FieldFailure {
  code: string;
  params?: Readonly<Record<string, string | number>>;
}

/** Errors as RTK Query keeps them (plain data, serializable). */
export interface SdkQueryError {
  /** HTTP status, or 'FETCH_ERROR' when no answer arrived. */
  status: number | 'FETCH_ERROR';
  message: string;
  /** Error catalogue code (`notEnoughBalance`, `card_already_in_system`, `network_error`, ...). */
  code?: string;
  /** 422: first message per field, dotted and indexed keys grouped (SDK ValidationError). */
  fieldErrors?: Record<string, string>;
  /** 422: first code per field (same keys as `fieldErrors`); forms branch on these. */
  fieldCodes?: Record<string, FieldFailure>;
  /** 422: indexes that failed per root key, e.g. `{ rows: [1] }`. */
  rowIndexes?: Record<string, number[]>;
}

/** The first issue per field of a ValidationError (`fieldIssues`: the codes of the 422's `fields`). */
function fieldFailures(error: ValidationError): Record<string, FieldFailure> | undefined {
  const out: Record<string, FieldFailure> = {};
  for (const [field, issues] of Object.entries(error.fieldIssues)) {
    const first = issues[0];
    if (first)
      out[field] = first.params ? { code: first.code, params: first.params } : { code: first.code };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function toQueryError(error: unknown): SdkQueryError {
  if (error instanceof ValidationError) {
    const fieldCodes = fieldFailures(error);
    return {
      status: error.status,
      message: error.message,
      code: error.code,
      fieldErrors: error.fieldErrors,
      ...(fieldCodes ? { fieldCodes } : {}),
      rowIndexes: error.rowIndexes,
    };
  }
  if (error instanceof NetworkError) {
    // No answer arrived: RTK Query's FETCH_ERROR, with the catalogue code `network_error`.
    return { status: 'FETCH_ERROR', message: error.message, code: error.code };
  }
  if (error instanceof ApiError) {
    return { status: error.status, message: error.message, code: error.code };
  }
  return { status: 'FETCH_ERROR', message: error instanceof Error ? error.message : String(error) };
}

type LooseCall = (
  name: RouteName,
  input?: Omit<SdkRequest, 'route' | 'locale'>,
  options?: CallOptions,
) => Promise<unknown>;

export const sdkBaseQuery: BaseQueryFn<SdkRequest, unknown, SdkQueryError> = async (
  request,
  queryApi,
) => {
  const { signal } = queryApi;
  const { client } = sdkOf(queryApi);
  const { route, locale, ...input } = request;
  try {
    // The union of every route's input cannot be narrowed per call here; `SdkRequest` already
    // ties each route to its own input type at the endpoint.
    const data = await (client.call as unknown as LooseCall)(route, input, { locale, signal });
    return { data };
  } catch (error) {
    return { error: toQueryError(error) };
  }
};

/**
 * `Session`: provided by every endpoint whose answer depends on who is signed in (the cart, a
 * product's favorite flag, anything of the customer); invalidated on sign-in and sign-out in any
 * tab (src/app/store.ts), so cached data never outlives its customer.
 */
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

/** The action that hands the server's answers to the browser's store before hydration. */
export const HYDRATE_API = 'api/hydrateFromServer';

// On the server the hooks start their queries while rendering (RTK Query's documented SSR path):
// the page is rendered, its running queries awaited, and rendered again with the answers.
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: onServer }),
);

export const api = createApi({
  reducerPath: 'api',
  // The server's answers of this page (serialized into the HTML): hydration draws from them,
  // so the browser asks nothing again and draws what the server drew.
  extractRehydrationInfo(action, { reducerPath }) {
    if (typeof action === 'object' && action !== null && (action as { type?: unknown }).type === HYDRATE_API) {
      return (action as unknown as { payload: Record<string, never> }).payload[reducerPath];
    }
    return undefined;
  },
  baseQuery: sdkBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
