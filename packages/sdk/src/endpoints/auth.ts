import type { AuthMode, CallOptions, ClientCore, SignInAnswerOf } from '../client/core.js';
import type { RouteInput } from '../contract/index.js';
import { MalformedAnswerError } from '../errors/errors.js';
import { isWebSession, type SignInAnswer } from '../schemas/session.js';

export function authEndpoints<M extends AuthMode>(core: ClientCore<M>) {
  // Tokens mode stores the pair; session mode's core already took the web session (its state is
  // in memory, the session itself is the HttpOnly cookie). Each mode answers its own type.
  // Answers once the pair is stored (an asynchronous store's write is awaited).
  const keep = async (name: string, answer: SignInAnswer): Promise<SignInAnswerOf<M>> => {
    if (core.authMode === 'tokens') {
      if (isWebSession(answer)) {
        throw new MalformedAnswerError(name, 'a web session answered a tokens-mode sign-in');
      }
      await core.signIn(answer);
    }
    return answer as SignInAnswerOf<M>;
  };
  return {
    /** Sends a one-time sign-in code by e-mail or SMS (`account_not_found` when none). */
    requestCode: (login: string, options?: CallOptions) =>
      core.call('requestCode', { body: { login } }, options),
    /**
     * Signs in with the one-time code: tokens mode stores the pair and answers it; session mode
     * answers the web session (`{ session: 'cookie', csrf_token, merge }`).
     */
    verifyCode: async (login: string, code: string, options?: CallOptions) =>
      keep('verifyCode', await core.call('verifyCode', { body: { login, code } }, options)),
    /** Signs in with a password (stores the tokens, or answers the web session, as above). */
    login: async (username: string, password: string, options?: CallOptions) =>
      keep('login', await core.call('login', { body: { username, password } }, options)),
    /** Sign-up, step 1: sends a one-time code to a new login. */
    registerCode: (login: string, options?: CallOptions) =>
      core.call('registerCode', { body: { login } }, options),
    /** Sign-up, step 2: creates the account with that code and signs in (as above). */
    register: async (input: RouteInput<'register'>['body'], options?: CallOptions) =>
      keep('register', await core.call('register', { body: input }, options)),
    recoveryCode: (login: string, options?: CallOptions) =>
      core.call('recoveryCode', { body: { login } }, options),
    /** Sets a new password with a recovery code and signs in (as above). */
    recover: async (input: RouteInput<'recover'>['body'], options?: CallOptions) =>
      keep('recover', await core.call('recover', { body: input }, options)),
    me: (options?: CallOptions) => core.call('me', {}, options),
    /** The customer's active sessions (`current` marks this one). */
    sessions: (options?: CallOptions) => core.call('listSessions', {}, options),
    /** Ends one session (another device is signed out at once). */
    endSession: (id: string, options?: CallOptions) =>
      core.call('endSession', { params: { id } }, options),
    /** Signs out of all devices, this one too, and forgets the session. */
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
    /**
     * What an account-change notice's "This was not me" link would undo (signed out too; changes
     * nothing). A changed link: 404 `undo_link_invalid`; a used or expired one: 410
     * `undo_link_used` / `undo_link_expired`.
     */
    undoPreview: (token: string, options?: CallOptions) =>
      core.call('accountUndoPreview', { query: { token } }, options),
    /**
     * Undoes that change with the link (once): the change undone where it can, the password
     * locked (the owner recovers the account through the sign-in given back), every session ended.
     */
    undoChange: (token: string, options?: CallOptions) =>
      core.call('accountUndo', { query: { token } }, options),
    /**
     * Same as `client.signOut()`: revokes the refresh token (tokens) or ends the cookie's session
     * (session), best effort, and forgets the session.
     */
    logout: () => core.signOut(),
  };
}
