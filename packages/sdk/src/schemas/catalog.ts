import { z } from 'zod/mini';
import { SORT_OPTIONS, TEXT_MAX } from '../constants/index.js';
import { idParamSchema, noNul, priceParamSchema, textSchema } from '../validation/zod.js';
import { countSchema, idSchema, moneySchema, positiveIntSchema } from './common.js';

export const categorySchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  productCount: countSchema,
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

/** Item status: null fine, 1 out of stock, 0 inactive, -1 discontinued. */
export const itemStatusSchema = z.nullable(z.union([z.literal(-1), z.literal(0), z.literal(1)]));

/** What a product card, a cart row and a search result need. */
export const productSummarySchema = z.object({
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
});
export type ProductSummary = z.infer<typeof productSummarySchema>;
export const productSummaryListSchema = z.array(productSummarySchema);

export const productDetailSchema = z.extend(productSummarySchema, {
  description: z.string(),
  images: z.array(z.string()),
  /** Plan codes whose benefit covers this item. */
  plans: z.array(z.string()),
  /** Whether the signed-in customer's plan covers it (null for a guest or no plan). */
  eligible: z.nullable(z.boolean()),
  favorite: z.boolean(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productDetailAnswerSchema = z.object({
  product: productDetailSchema,
  similar: z.array(productSummarySchema),
});

export const sortSchema = z.enum(SORT_OPTIONS);

/** A plan code in a query (empty means none). */
const planQuerySchema = z.optional(textSchema({ max: TEXT_MAX.code, min: 0 }));

export const categoriesQuerySchema = z.object({ plan: planQuerySchema });

export const productListQuerySchema = z.object({
  category: z.optional(idParamSchema),
  brand: z.optional(textSchema({ max: TEXT_MAX.query, min: 0 })),
  plan: planQuerySchema,
  /** Dollars; finite and within int4 cents. */
  priceMin: z.optional(priceParamSchema),
  priceMax: z.optional(priceParamSchema),
  sort: z.optional(sortSchema),
  page: z.optional(idParamSchema),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListSchema = z.object({
  products: z.array(productSummarySchema),
  total: countSchema,
  page: positiveIntSchema,
  pageSize: positiveIntSchema,
  /** Brands available under the current category and plan, for the brand filter. */
  brands: z.array(z.string()),
});
export type ProductList = z.infer<typeof productListSchema>;

export const searchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(3), z.maxLength(TEXT_MAX.query), noNul),
  plan: planQuerySchema,
});

export const searchProductSchema = z.object({
  id: idSchema,
  name: z.string(),
  price: moneySchema,
  manufacturer: z.string(),
  mainImage: z.string(),
  categoryId: idSchema,
  categoryName: z.string(),
});
export type SearchProduct = z.infer<typeof searchProductSchema>;

export const searchAnswerSchema = z.object({
  status: z.literal('success'),
  products: z.array(searchProductSchema),
  categories: z.array(z.pick(categorySchema, { id: true, name: true })),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export const favoriteInputSchema = z.object({ sku_id: idSchema });
