import { z } from 'zod';

/** Tokens on the wire, from every sign-in and from token-refresh. */
export const tokenPairSchema = z.object({
  token: z.string().min(1),
  refresh_token: z.string().min(1),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Claims of the access token (a signed three-part token). */
export const accessClaimsSchema = z.object({ exp: z.number(), username: z.string() });

/** An e-mail address or a US phone number. */
export const loginSchema = z.string().trim().min(3).max(254);

export const codeRequestSchema = z.object({ login: loginSchema });
export const codeSentSchema = z.object({
  channel: z.enum(['email', 'sms']),
  /** Seconds until another code may be requested. */
  resendIn: z.number().int().nonnegative(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

export const oneTimeCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
export const codeVerifySchema = z.object({ login: loginSchema, code: oneTimeCodeSchema });
export const passwordLoginSchema = z.object({ username: loginSchema, password: z.string().min(1) });
export const refreshInputSchema = z.object({ refresh_token: z.string().min(1) });
export const logoutInputSchema = z.object({ refresh_token: z.string().min(1) });

/** Registration: a code from POST /api/auth/register/code proves the login; a password is optional. */
export const registerInputSchema = z.object({
  login: loginSchema,
  code: oneTimeCodeSchema,
  password: z.string().optional(),
  firstName: z.string().trim().max(80).optional(),
  lastName: z.string().trim().max(80).optional(),
  interfaceLanguage: z.enum(['en', 'es']).optional(),
});
export const recoveryInputSchema = z.object({
  login: loginSchema,
  code: oneTimeCodeSchema,
  password: z.string(),
  passwordConfirmation: z.string(),
});
export const passwordChangeSchema = z.object({
  /** Required when the account already has a password. */
  currentPassword: z.string().optional(),
  password: z.string(),
  passwordConfirmation: z.string(),
});

export const contactAddSchema = z.object({ value: z.string().trim().min(3).max(254) });
export const contactVerifySchema = z.object({ code: oneTimeCodeSchema });
