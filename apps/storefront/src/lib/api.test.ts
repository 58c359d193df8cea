import { http, HttpResponse } from 'msw';
import { ApiError, NetworkError, ValidationError } from '@otc/sdk';
import { configureStore } from '@reduxjs/toolkit';
import { API, server, settingsFixture } from '../test/server';
import { api, sdkBaseQuery, toQueryError } from './api';
import { settingsApi } from '../kernel/settings-api';
import { createShopSdk } from './sdk';

describe('RTK Query base query over the SDK', () => {
  it('maps a 422 ValidationError to field errors', () => {
    const error = new ValidationError({
      message: 'The given data was invalid.',
      data: { 'rows.1.amount': ['You cannot add more'], promoCode: ['The code you entered is not valid.', 'x'] },
    });
    expect(toQueryError(error)).toEqual({
      status: 422,
      message: 'The given data was invalid.',
      code: undefined,
      fieldErrors: { rows: 'You cannot add more', promoCode: 'The code you entered is not valid.' },
      rowIndexes: { rows: [1] },
    });
  });

  it('keeps the first field code (and params) of a 422, so forms branch on codes', () => {
    const error = new ValidationError({
      message: 'Los datos enviados no son válidos.',
      data: { 'rows.1.amount': ['No puede agregar más'], name: ['Demasiado largo'] },
      fields: { 'rows.1.amount': [{ code: 'cannot_add_more' }], name: [{ code: 'too_long', params: { max: 200 } }] },
    });
    expect(toQueryError(error).fieldCodes).toEqual({
      rows: { code: 'cannot_add_more' },
      name: { code: 'too_long', params: { max: 200 } },
    });
  });

  it('a network failure (SDK NetworkError) is FETCH_ERROR with the code network_error', () => {
    expect(toQueryError(new NetworkError('settings', new TypeError('fetch failed')))).toMatchObject({
      status: 'FETCH_ERROR',
      code: 'network_error',
    });
  });

  it('maps an ApiError to its status and code, and anything else to FETCH_ERROR', () => {
    expect(toQueryError(new ApiError({ status: 402, message: 'no funds', code: 'notEnoughBalance' }))).toEqual({
      status: 402,
      message: 'no funds',
      code: 'notEnoughBalance',
    });
    expect(toQueryError(new TypeError('Failed to fetch'))).toEqual({ status: 'FETCH_ERROR', message: 'Failed to fetch' });
  });

  it('calls the contract route through the SDK client', async () => {
    // The visitor's SDK is the store's `extra` (lib/sdk.ts).
    const extra = createShopSdk({ signedIn: false, storage: 'browser' });
    const result = await sdkBaseQuery({ route: 'settings' }, { extra } as never, {});
    expect(result).toEqual({ data: settingsFixture });
  });

  it('an API error answer becomes an RTK Query error', async () => {
    server.use(
      http.get(`${API}/api/constants`, () => HttpResponse.json({ message: 'Down', code: 'maintenance' }, { status: 503 })),
    );
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (getDefault) =>
        getDefault({ thunk: { extraArgument: createShopSdk({ signedIn: false, storage: 'browser' }) } }).concat(api.middleware),
    });
    const result = await store.dispatch(settingsApi.endpoints.getSettings.initiate());
    expect(result.error).toMatchObject({ status: 503, message: 'Down', code: 'maintenance' });
  });
});
