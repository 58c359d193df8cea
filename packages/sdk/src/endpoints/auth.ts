import type { CallOptions, ClientCore } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';
import { isWebSession, type SignInAnswer } from '../schemas/session.js';

export function authEndpoints(core: ClientCore) {
  // A token pair is kept in storage; a web session lives in its HttpOnly cookie.
  const keep = <A extends SignInAnswer>(answer: A): A => {
    if (!isWebSession(answer)) core.signIn(answer);
    return answer;
  };
  return {
    /** Sends a one-time sign-in code by e-mail or SMS (`account_not_found` when none). */
    requestCode: (login: string, options?: CallOptions) =>
      core.call('requestCode', { body: { login } }, options),
    /** Signs in with the one-time code and stores the tokens. */
    verifyCode: async (login: string, code: string, options?: CallOptions) =>
      keep(await core.call('verifyCode', { body: { login, code } }, options)),
    /** Signs in with a password and stores the tokens. */
    login: async (username: string, password: string, options?: CallOptions) =>
      keep(await core.call('login', { body: { username, password } }, options)),
    /** Sign-up, step 1: sends a one-time code to a new login. */
    registerCode: (login: string, options?: CallOptions) =>
      core.call('registerCode', { body: { login } }, options),
    /** Sign-up, step 2: creates the account with that code and stores the tokens. */
    register: async (input: RouteInput<'register'>['body'], options?: CallOptions) =>
      keep(await core.call('register', { body: input }, options)),
    recoveryCode: (login: string, options?: CallOptions) =>
      core.call('recoveryCode', { body: { login } }, options),
    /** Sets a new password with a recovery code and stores the tokens. */
    recover: async (input: RouteInput<'recover'>['body'], options?: CallOptions) =>
      keep(await core.call('recover', { body: input }, options)),
    me: (options?: CallOptions) => core.call('me', {}, options),
    /** The customer's active sessions (`current` marks this one). */
    sessions: (options?: CallOptions) => core.call('listSessions', {}, options),
    /** Ends one session (another device is signed out at once). */
    endSession: (id: string, options?: CallOptions) =>
      core.call('endSession', { params: { id } }, options),
    /** Signs out of all devices, this one too, and forgets the tokens. */
    signOutEverywhere: async (options?: CallOptions) => {
      await core.call('endAllSessions', {}, options);
      await core.signOut();
    },
    /**
     * Recent proof: whether this session may change the password or contacts now
     * (`provenUntil`), and how it can prove it is the owner (`methods`, where a code goes).
     */
    proofStatus: (options?: CallOptions) => core.call('proofStatus', {}, options),
    /** Sends a one-time code to the primary contact, for `prove({ code })`. */
    requestProofCode: (options?: CallOptions) => core.call('requestProofCode', {}, options),
    /**
     * Proves it is the owner with the current password or the proof code; the session may then
     * make such changes for `PROOF_VALID_MINUTES`. A wrong password counts on the sign-in lock.
     */
    prove: (input: RouteInput<'prove'>['body'], options?: CallOptions) =>
      core.call('prove', { body: input }, options),
    /** Revokes the refresh token (best effort) and forgets the tokens. */
    logout: () => core.signOut(),
  };
}
