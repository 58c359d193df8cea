import type { ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';
import type { TokenPair } from '../schemas/auth.js';

export function authEndpoints(core: ClientCore) {
  const keep = (pair: TokenPair): TokenPair => {
    core.signIn(pair);
    return pair;
  };
  return {
    /** Sends a one-time sign-in code by e-mail or SMS. */
    requestCode: (login: string) => core.call('requestCode', { body: { login } }),
    /** Signs in with the one-time code and stores the tokens. */
    verifyCode: async (login: string, code: string) =>
      keep(await core.call('verifyCode', { body: { login, code } })),
    /** Signs in with a password and stores the tokens. */
    login: async (username: string, password: string) =>
      keep(await core.call('login', { body: { username, password } })),
    registerCode: (login: string) => core.call('registerCode', { body: { login } }),
    /** Creates the account and stores the tokens. */
    register: async (input: RouteInput<'register'>['body']) =>
      keep(await core.call('register', { body: input })),
    recoveryCode: (login: string) => core.call('recoveryCode', { body: { login } }),
    /** Sets a new password with a recovery code and stores the tokens. */
    recover: async (input: RouteInput<'recover'>['body']) =>
      keep(await core.call('recover', { body: input })),
    me: () => core.call('me'),
    logout: () => core.signOut(),
  };
}
