import { z } from 'zod';
import { paymentMethodCodeSchema } from './customer.js';
import { moneySchema } from './common.js';

/** GET /api/constants: the shop's settings. */
export const settingsSchema = z.object({
  companyName: z.string(),
  copyrightYear: z.number().int(),
  supportPhone: z.string(),
  ttyPhone: z.string(),
  supportEmail: z.string(),
  deliveryStates: z.array(z.string().length(2)),
  minimumOrder: moneySchema,
  paymentMethods: z.array(paymentMethodCodeSchema),
  requiredProfileFields: z.array(z.string()),
  codeResendSeconds: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  notificationTimeoutMs: z.number().int().positive(),
  /** When false, customers are told to call the contact center to add e-mails or phones. */
  addingContactsEnabled: z.boolean(),
  defaultLoginRedirect: z.string(),
  catalogPath: z.string(),
  productPath: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;
