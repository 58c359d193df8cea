// Type tests (issue 29): a client's sign-ins answer the type of its mode, so a tokens-mode app
// reads `pair.refresh_token` and a session-mode web shop reads `session.csrf_token` without
// narrowing; the options of one mode are refused in the other.
import { describe, expectTypeOf, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import type { TokenPair, WebSession } from '../../src/schemas/index.js';
import { createMemoryStorage } from '../../src/storage/index.js';

describe('the auth mode', () => {
  it('types the sign-ins per mode', () => {
    const apps = createClient({ baseUrl: '', tokens: createMemoryStorage() });
    const web = createClient({ baseUrl: '', authMode: 'session', signedIn: false });
    expectTypeOf(apps).toEqualTypeOf<Client<'tokens'>>();
    expectTypeOf(web).toEqualTypeOf<Client<'session'>>();
    expectTypeOf(apps.auth.login).returns.resolves.toEqualTypeOf<TokenPair>();
    expectTypeOf(apps.auth.verifyCode).returns.resolves.toEqualTypeOf<TokenPair>();
    expectTypeOf(web.auth.login).returns.resolves.toEqualTypeOf<WebSession>();
    expectTypeOf(web.auth.register).returns.resolves.toEqualTypeOf<WebSession>();
    // Plain `Client` is either mode: its sign-ins answer the union.
    expectTypeOf(apps).toExtend<Client>();
    expectTypeOf(web).toExtend<Client>();
    expectTypeOf<Client['auth']['recover']>().returns.resolves.toEqualTypeOf<
      TokenPair | WebSession
    >();
  });

  it('refuses the options of the other mode', () => {
    // @ts-expect-error a session-mode client stores no tokens
    createClient({ baseUrl: '', authMode: 'session', tokens: createMemoryStorage() });
    // @ts-expect-error tokens mode needs its storage
    createClient({ baseUrl: '' });
  });
});
