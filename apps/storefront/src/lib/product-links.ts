// Product addresses, built by the SDK's one rule (`productPath`, `productImageUrl`); this module
// only binds the picture builder to the API's base address of this build (env.ts).
import { productImageUrl as imageUrlOn } from '@otc/sdk';
import { env } from '../env';

export { DEFAULT_PRODUCT_PATH, productPath } from '@otc/sdk';

/** A product picture (an API path such as `/api/images/products/7.svg`) on the API's origin. */
export function productImageUrl(image: string): string {
  return imageUrlOn(image, env.apiBaseUrl);
}

/** Product pictures are square (400 x 400 SVG from the API). */
export const PRODUCT_IMAGE_SIZE = 400;

/** A product card's picture (`ProductCard`'s `image`); none for a product without one. */
export function productCardImage(mainImage: string, priority = false) {
  return mainImage
    ? { src: productImageUrl(mainImage), width: PRODUCT_IMAGE_SIZE, height: PRODUCT_IMAGE_SIZE, priority }
    : undefined;
}

/**
 * The id of a product's card in a list (catalog, home, similar items, favorites): a post sent from
 * it without the scripts comes back to `#product-<id>`, not the top of the page.
 */
export function productAnchor(id: number): string {
  return `product-${id}`;
}
