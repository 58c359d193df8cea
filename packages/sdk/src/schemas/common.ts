import * as z from 'zod/mini';
import { idNumberSchema, idParamSchema } from '../validation/zod.js';

/** Money on the wire: a decimal string with two places, e.g. "12.50". */
export const moneySchema = /* @__PURE__ */ (() =>
  z.string().check(z.regex(/^-?\d+\.\d{2}$/, 'Money must have two decimals')))();
export type Money = z.infer<typeof moneySchema>;

/** An id: integer 1..2147483647 (a PostgreSQL int4). */
export const idSchema = idNumberSchema;
/** `{ id }` of a path: "12" -> 12; a number out of int4 range fails (422), never reaches the database. */
export const idParamsSchema = /* @__PURE__ */ (() => z.object({ id: idParamSchema }))();

/** ISO 8601 date-time string. */
export const dateTimeSchema = /* @__PURE__ */ (() => z.string().check(z.minLength(1)))();
/** Calendar date, YYYY-MM-DD (answers; requests use `calendarDateSchema`). */
export const dateSchema = /* @__PURE__ */ (() =>
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)))();

export const localeSchema = /* @__PURE__ */ (() => z.enum(['en', 'es']))();

export const okSchema = /* @__PURE__ */ (() => z.object({ ok: z.literal(true) }))();

export const countSchema = /* @__PURE__ */ (() => z.int().check(z.gte(0)))();
export const positiveIntSchema = /* @__PURE__ */ (() => z.int().check(z.gte(1)))();

export function pagedSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    items: z.array(item),
    total: countSchema,
    page: positiveIntSchema,
    pageSize: positiveIntSchema,
  });
}

/**
 * Error answers: 4xx carry a code; 422 also carries per-field message lists under `data` (texts
 * in the request's language) and the same fields' catalogue codes under `fields`.
 */
export const errorBodySchema = /* @__PURE__ */ (() =>
  z.object({
    message: z.string(),
    code: z.optional(z.string()),
    data: z.optional(z.record(z.string(), z.array(z.string()))),
    fields: z.optional(
      z.record(
        z.string(),
        z.array(
          z.object({
            code: z.string(),
            params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
          }),
        ),
      ),
    ),
    /**
     * A 422 lists at most `FIELD_ERRORS_MAX` field errors (the first ones); `truncated` says the
     * request had more. An answer never grows with a hostile request.
     */
    truncated: z.optional(z.boolean()),
  }))();
export type ErrorBody = z.infer<typeof errorBodySchema>;
