import { z } from 'zod';
import { dateTimeSchema } from './common.js';

export const contactMessageSchema = z.object({
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().min(1).max(80),
  email: z.string().trim().email().max(254).optional().or(z.literal('')),
  phone: z.string().trim().min(10).max(20),
  message: z.string().trim().min(1).max(4000),
  /** Answer of the bot check, when one is configured. */
  botToken: z.string().optional(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactAnswerSchema = z.object({ reference: z.string() });

export const productRequestSchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  link: z.string().trim().max(2000).default(''),
  botToken: z.string().optional(),
});
export type ProductRequest = z.infer<typeof productRequestSchema>;
export const productRequestAnswerSchema = z.object({ number: z.string() });

export const balanceCheckInputSchema = z.object({
  type: z.enum(['network', 'national', 's3']),
  number: z.string().trim().min(1),
  code: z.string().trim().min(3).max(4),
  botToken: z.string().optional(),
});

export const outboxQuerySchema = z.object({ to: z.string().min(1) });
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string(),
  text: z.string(),
  /** The one-time code the message carries, if any. */
  code: z.string().nullable(),
  createdAt: dateTimeSchema,
});
export const outboxAnswerSchema = z.object({ messages: z.array(outboxMessageSchema) });

export const healthAnswerSchema = z.object({ status: z.literal('ok') });
