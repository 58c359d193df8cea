import { z } from 'zod';
import { SORT_OPTIONS } from '../constants/index.js';
import { idSchema, moneySchema } from './common.js';

export const categorySchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  productCount: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof categorySchema>;

/** Item status: null fine, 1 out of stock, 0 inactive, -1 discontinued. */
export const itemStatusSchema = z.union([z.literal(-1), z.literal(0), z.literal(1)]).nullable();

/** What a product card, a cart row and a search result need. */
export const productSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  price: moneySchema,
  /** Units available to order now. */
  inStock: z.number().int().nonnegative(),
  status: itemStatusSchema,
  brand: z.string(),
  manufacturer: z.string(),
  categoryId: idSchema,
  categoryName: z.string(),
  mainImage: z.string(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productDetailSchema = productSummarySchema.extend({
  description: z.string(),
  images: z.array(z.string()),
  /** Plan codes whose benefit covers this item. */
  plans: z.array(z.string()),
  /** Whether the signed-in customer's plan covers it (null for a guest or no plan). */
  eligible: z.boolean().nullable(),
  favorite: z.boolean(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productDetailAnswerSchema = z.object({
  product: productDetailSchema,
  similar: z.array(productSummarySchema),
});

export const sortSchema = z.enum(SORT_OPTIONS);

export const categoriesQuerySchema = z.object({ plan: z.string().optional() });

export const productListQuerySchema = z.object({
  category: z.coerce.number().int().positive().optional(),
  brand: z.string().optional(),
  plan: z.string().optional(),
  priceMin: z.coerce.number().nonnegative().optional(),
  priceMax: z.coerce.number().nonnegative().optional(),
  sort: sortSchema.optional(),
  page: z.coerce.number().int().positive().optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListSchema = z.object({
  products: z.array(productSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** Brands available under the current category and plan, for the brand filter. */
  brands: z.array(z.string()),
});
export type ProductList = z.infer<typeof productListSchema>;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(3),
  plan: z.string().optional(),
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
  categories: z.array(categorySchema.pick({ id: true, name: true })),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export const favoriteInputSchema = z.object({ sku_id: idSchema });
