import { z } from 'zod';

/** Money on the wire: a decimal string with two places, e.g. "12.50". */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/, 'Money must have two decimals');
export type Money = z.infer<typeof moneySchema>;

export const idSchema = z.number().int().positive();
/** A numeric id taken from a path or query string. */
export const idParamSchema = z.coerce.number().int().positive();
export const idParamsSchema = z.object({ id: idParamSchema });

/** ISO 8601 date-time string. */
export const dateTimeSchema = z.string().min(1);
/** Calendar date, YYYY-MM-DD. */
export const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const localeSchema = z.enum(['en', 'es']);

export const okSchema = z.object({ ok: z.literal(true) });

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}

/** Error answers: 4xx carry a code; 422 also carries per-field message lists under `data`. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  data: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
