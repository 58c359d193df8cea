import * as z from 'zod/mini';
import { SORT_OPTIONS, TEXT_MAX } from '../constants/index.js';
import { idParamSchema, noNul, priceParamSchema, textSchema } from '../validation/zod.js';
import { countSchema, idSchema, moneySchema, positiveIntSchema } from './common.js';

export const categorySchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    name: z.string(),
    slug: z.string(),
    productCount: countSchema,
  }))();
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = /* @__PURE__ */ (() => z.array(categorySchema))();

/** Item status: null fine, 1 out of stock, 0 inactive, -1 discontinued. */
export const itemStatusSchema = /* @__PURE__ */ (() =>
  z.nullable(z.union([z.literal(-1), z.literal(0), z.literal(1)])))();

/** What a product card, a cart row and a search result need. */
export const productSummarySchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    name: z.string(),
    price: moneySchema,
    /** Units available to order now. */
    inStock: countSchema,
    status: itemStatusSchema,
    brand: z.string(),
    manufacturer: z.string(),
    categoryId: idSchema,
    categoryName: z.string(),
    mainImage: z.string(),
    /**
     * Whether the plan of the answer (its `coveragePlan`) covers this item; null when no plan
     * applies. Always sent by the catalog, search and item answers (optional for other producers).
     */
    coveredByPlan: z.optional(z.nullable(z.boolean())),
  }))();
export type ProductSummary = z.infer<typeof productSummarySchema>;
export const productSummaryListSchema = /* @__PURE__ */ (() => z.array(productSummarySchema))();

/**
 * The plan's limit of one item per benefit period (issue 31): `limit` units a `period`, `left`
 * more the member may order this period (beyond their orders of the period and their cart):
 * "You can order 4 more this quarter".
 */
export const periodLimitSchema = /* @__PURE__ */ (() =>
  z.object({
    limit: positiveIntSchema,
    left: countSchema,
    period: z.enum(['month', 'quarter']),
  }))();
export type PeriodLimitView = z.infer<typeof periodLimitSchema>;

export const productDetailSchema = /* @__PURE__ */ (() =>
  z.extend(productSummarySchema, {
    description: z.string(),
    /**
     * The item's code in the catalog (`OTC-000006`): what a member reads to support or finds on a
     * receipt (the id is the database's). Optional for other producers: without it none is shown.
     */
    sku: z.optional(z.string()),
    images: z.array(z.string()),
    /** Plan codes whose benefit covers this item. */
    plans: z.array(z.string()),
    /** Whether the signed-in customer's plan covers it (null for a guest or no plan). */
    eligible: z.nullable(z.boolean()),
    favorite: z.boolean(),
    /** The signed-in member's plan limits this item per period; null: no limit or a guest (issue 31). */
    periodLimit: z.optional(z.nullable(periodLimitSchema)),
  }))();
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * The plan whose coverage the answer marks (`coveredByPlan`): the `coveragePlan` query parameter,
 * else the `plan` filter, else the signed-in customer's saved plan; null when none applies.
 */
const coveragePlanAnswerSchema = /* @__PURE__ */ (() => z.optional(z.nullable(z.string())))();

export const productDetailAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    product: productDetailSchema,
    similar: z.array(productSummarySchema),
    coveragePlan: coveragePlanAnswerSchema,
  }))();

export const sortSchema = /* @__PURE__ */ (() => z.enum(SORT_OPTIONS))();

/** A plan code in a query (empty means none). */
const planQuerySchema = /* @__PURE__ */ (() =>
  z.optional(textSchema({ max: TEXT_MAX.code, min: 0 })))();

export const categoriesQuerySchema = /* @__PURE__ */ (() => z.object({ plan: planQuerySchema }))();

/** Query of a product's detail: the plan whose coverage `coveredByPlan` reports (a guest's choice). */
export const productQuerySchema = /* @__PURE__ */ (() =>
  z.object({ coveragePlan: planQuerySchema }))();

export const productListQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    category: z.optional(idParamSchema),
    brand: z.optional(textSchema({ max: TEXT_MAX.query, min: 0 })),
    plan: planQuerySchema,
    /** Dollars; finite and within int4 cents. */
    priceMin: z.optional(priceParamSchema),
    priceMax: z.optional(priceParamSchema),
    sort: z.optional(sortSchema),
    page: z.optional(idParamSchema),
    /**
     * Words searched with the search engine (synonyms, typos, accents); empty means none. With `q`
     * the `default` sort is relevance (the search modal's order, then the catalog's).
     */
    q: z.optional(textSchema({ max: TEXT_MAX.query, min: 0 })),
    /** The plan whose coverage `coveredByPlan` reports, without filtering (a guest's chosen plan). */
    coveragePlan: planQuerySchema,
  }))();
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Kinds of shop synonyms (the `search_synonyms` table). */
export const SYNONYM_KINDS = ['brand', 'everyday', 'category'] as const;
export type SynonymKind = (typeof SYNONYM_KINDS)[number];

/**
 * One thing the search words were matched as:
 * - `brand`: a brand name, searched as its generic (`{ kind: 'brand', term: 'Tylenol', as: 'acetaminophen' }`);
 * - `everyday`: an everyday word, searched as the shop's words (`sunblock` as `sunscreen`);
 * - `category`: a category's name or another word for it; `as` is the category's name in the
 *   caller's language and `categoryId` its id (its products are among the results);
 * - `spelling`: a misspelt word, searched as the closest word of the catalog (`ibuprofn` as `ibuprofen`).
 * `term` is the shop's own spelling of the words matched (the typed word for `spelling`).
 */
export const searchMatchSchema = /* @__PURE__ */ (() =>
  z.object({
    kind: z.enum([...SYNONYM_KINDS, 'spelling']),
    term: z.string(),
    as: z.string(),
    categoryId: z.optional(idSchema),
  }))();
export type SearchMatch = z.infer<typeof searchMatchSchema>;

export const productListSchema = /* @__PURE__ */ (() =>
  z.object({
    products: z.array(productSummarySchema),
    total: countSchema,
    page: positiveIntSchema,
    pageSize: positiveIntSchema,
    /** Brands available under the current category and plan, for the brand filter. */
    brands: z.array(z.string()),
    /** With `q`: what the words were matched as (synonyms, a category, spelling); empty otherwise. */
    matched: z.optional(z.array(searchMatchSchema)),
    coveragePlan: coveragePlanAnswerSchema,
  }))();
export type ProductList = z.infer<typeof productListSchema>;

export const searchQuerySchema = /* @__PURE__ */ (() =>
  z.object({
    q: z.string().check(z.trim(), z.minLength(3), z.maxLength(TEXT_MAX.query), noNul),
    plan: planQuerySchema,
    /** The plan whose coverage `coveredByPlan` reports, without filtering (a guest's chosen plan). */
    coveragePlan: planQuerySchema,
  }))();

export const searchProductSchema = /* @__PURE__ */ (() =>
  z.object({
    id: idSchema,
    name: z.string(),
    price: moneySchema,
    manufacturer: z.string(),
    mainImage: z.string(),
    categoryId: idSchema,
    categoryName: z.string(),
    /** As on a product summary: whether the answer's `coveragePlan` covers it; null without a plan. */
    coveredByPlan: z.optional(z.nullable(z.boolean())),
  }))();
export type SearchProduct = z.infer<typeof searchProductSchema>;

export const searchAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    status: z.literal('success'),
    /** The best matches, at most `SEARCH_LIMIT` (20). */
    products: z.array(searchProductSchema),
    categories: z.array(z.pick(categorySchema, { id: true, name: true })),
    /** Every product that matches (the catalog's `?q=` lists them all), not capped at 20. */
    total: z.optional(countSchema),
    /** What the words were matched as (synonyms, a category, spelling); empty when as typed. */
    matched: z.optional(z.array(searchMatchSchema)),
    coveragePlan: coveragePlanAnswerSchema,
  }))();
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export const favoriteInputSchema = /* @__PURE__ */ (() => z.object({ sku_id: idSchema }))();
