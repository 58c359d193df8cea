// The ONE way to build a product's page address and its picture address.

/** The storefront's product page prefix (the `productPath` setting's default). */
export const DEFAULT_PRODUCT_PATH = '/item';
/** Where the API serves product pictures. */
export const PRODUCT_IMAGE_PREFIX = '/api/images/products/';

const MAX_ID = 2_147_483_647;

function checkId(fn: string, id: unknown): number {
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ID) {
    throw new TypeError(`${fn}: a product id is an integer from 1 to ${MAX_ID}: ${String(id)}`);
  }
  return id;
}

/**
 * The page of a product: `productPath(12)` -> "/item/12"; `base` is the `productPath` setting
 * (default "/item"). Add the locale prefix ("/es") the way the app localizes every path.
 */
export function productPath(id: number, base: string = DEFAULT_PRODUCT_PATH): string {
  checkId('productPath', id);
  if (!base.startsWith('/') || base.startsWith('//')) {
    throw new TypeError(
      `productPath: the base must be a same-site path such as "/item": "${base}"`,
    );
  }
  return `${base.replace(/\/+$/, '')}/${id}`;
}

/** The API path of a product's picture: `productImagePath(12)` -> "/api/images/products/12.svg". */
export function productImagePath(id: number): string {
  return `${PRODUCT_IMAGE_PREFIX}${checkId('productImagePath', id)}.svg`;
}

const DRAWN_PICTURE = /^\/api\/images\/products\/\d+\.svg$/;

/**
 * A picture's address in an answer's language: the API draws a product's picture with its name on
 * the label, in Spanish with `?lang=es` (issue 33, item 13); any other image (a photo put in its
 * place) is as stored. The API names pictures this way in each answer; the SQL of its catalog
 * mirrors it (apps/api/src/lib/product-image.ts).
 */
export function pictureInLanguage(imagePath: string, locale: 'en' | 'es'): string {
  return locale === 'es' && DRAWN_PICTURE.test(imagePath) ? `${imagePath}?lang=es` : imagePath;
}

/**
 * The address to load a picture from: pictures come as API paths (`mainImage`,
 * "/api/images/products/12.svg"), and the API may live on another origin, so a path is put
 * after the API's base address; an absolute address (a CDN) is kept as it is.
 */
export function productImageUrl(image: string, apiBaseUrl = ''): string {
  if (image.startsWith('/') && !image.startsWith('//')) {
    return `${apiBaseUrl.replace(/\/+$/, '')}${image}`;
  }
  return image;
}
