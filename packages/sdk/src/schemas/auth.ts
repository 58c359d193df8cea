import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, TEXT_MAX } from '../constants/index.js';
import {
  loginSchema,
  optionalPasswordSchema,
  passwordSchema,
  refinePasswordConfirmation,
  textSchema,
} from '../validation/zod.js';
import { countSchema, dateTimeSchema } from './common.js';

/** Tokens on the wire, from every sign-in and from token-refresh. */
export const tokenPairSchema = /* @__PURE__ */ (() =>
  z.object({
    token: z.string().check(z.minLength(1)),
    refresh_token: z.string().check(z.minLength(1)),
  }))();
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Claims of the access token (a signed three-part token). */
export const accessClaimsSchema = /* @__PURE__ */ (() =>
  z.object({ exp: z.number(), username: z.string() }))();

/** A token sent back by the client (not blank, bounded, no NUL). */
const tokenInputSchema = /* @__PURE__ */ (() => textSchema({ max: TEXT_MAX.token, trim: false }))();

export const codeRequestSchema = /* @__PURE__ */ (() => z.object({ login: loginSchema }))();
export const codeSentSchema = /* @__PURE__ */ (() =>
  z.object({
    channel: z.enum(['email', 'sms']),
    /** Seconds until another code may be requested. */
    resendIn: countSchema,
  }))();
export type CodeSent = z.infer<typeof codeSentSchema>;

export const oneTimeCodeSchema = /* @__PURE__ */ (() =>
  z.string().check(z.trim(), z.regex(/^\d{6}$/)))();
export const codeVerifySchema = /* @__PURE__ */ (() =>
  z.object({ login: loginSchema, code: oneTimeCodeSchema }))();
export const passwordLoginSchema = /* @__PURE__ */ (() =>
  z.object({
    username: textSchema({ max: TEXT_MAX.login }),
    password: textSchema({ max: PASSWORD_MAX_LENGTH, trim: false }),
  }))();
export const refreshInputSchema = /* @__PURE__ */ (() =>
  z.object({ refresh_token: tokenInputSchema }))();
/** Sign-out: the refresh token in `tokens` mode; nothing with the web session's cookie. */
export const logoutInputSchema = /* @__PURE__ */ (() =>
  z.object({ refresh_token: z.optional(tokenInputSchema) }))();

/** Registration: a code from POST /api/auth/register/code proves the login; a password is optional. */
export const registerInputSchema = /* @__PURE__ */ (() =>
  z.object({
    login: loginSchema,
    code: oneTimeCodeSchema,
    /** Empty means no password. */
    password: z.optional(optionalPasswordSchema),
    firstName: z.optional(textSchema({ max: TEXT_MAX.name, min: 0 })),
    lastName: z.optional(textSchema({ max: TEXT_MAX.name, min: 0 })),
    interfaceLanguage: z.optional(z.enum(['en', 'es'])),
  }))();
export const recoveryInputSchema = /* @__PURE__ */ (() =>
  z
    .object({
      login: loginSchema,
      code: oneTimeCodeSchema,
      password: passwordSchema,
      passwordConfirmation: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)),
    })
    .check(refinePasswordConfirmation()))();
export const passwordChangeSchema = /* @__PURE__ */ (() =>
  z
    .object({
      /** Required when the account already has a password. */
      currentPassword: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH))),
      password: passwordSchema,
      passwordConfirmation: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)),
    })
    .check(refinePasswordConfirmation()))();

export const contactAddSchema = /* @__PURE__ */ (() =>
  z.object({
    /** An e-mail address or a US phone (the route says which one it takes). */
    value: loginSchema,
  }))();
export const contactVerifySchema = /* @__PURE__ */ (() => z.object({ code: oneTimeCodeSchema }))();

/**
 * One signed-in session of the customer (a sign-in on some device, renewed by its refresh
 * token): when it began, when it was last used (to the minute), whether it is the session of
 * the asking token, and a coarse device label from the sign-in's User-Agent ("Chrome · Windows";
 * null when unknown).
 */
export const sessionSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    createdAt: dateTimeSchema,
    lastUsedAt: dateTimeSchema,
    current: z.boolean(),
    device: z.nullable(z.string()),
  }))();
export type Session = z.infer<typeof sessionSchema>;
/** The customer's active sessions, most recently used first (at most 50). */
export const sessionListSchema = /* @__PURE__ */ (() =>
  z.object({ sessions: z.array(sessionSchema) }))();
export type SessionList = z.infer<typeof sessionListSchema>;
/**
 * Recent proof: whether this session may make changes that could take the account (set or change
 * the password, add, verify, make primary or remove an e-mail or phone), and how it can prove it
 * is the owner when it may not.
 */
export const proofStatusSchema = /* @__PURE__ */ (() =>
  z.object({
    /** Until when this session counts as proven (null: not proven, a proof is needed first). */
    provenUntil: z.nullable(dateTimeSchema),
    /** The ways this account can prove it: `password` only when it has one. */
    methods: z.array(z.enum(['password', 'code'])),
    /** Where a proof code goes: the primary contact's channel and a masked form of it. */
    codeChannel: z.enum(['email', 'sms']),
    codeTo: z.string(),
  }))();
export type ProofStatus = z.infer<typeof proofStatusSchema>;
/** A proof: the current password, or the code sent by POST /api/auth/proof/code (one of the two). */
export const proofInputSchema = /* @__PURE__ */ (() =>
  z.object({
    password: z.optional(textSchema({ max: PASSWORD_MAX_LENGTH, trim: false })),
    code: z.optional(oneTimeCodeSchema),
  }))();
export type ProofInput = z.infer<typeof proofInputSchema>;

/** A session id in a path (a UUID). */
export const sessionIdParamsSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string().check(z.regex(/^[0-9a-fA-F-]{36}$/)),
  }))();
