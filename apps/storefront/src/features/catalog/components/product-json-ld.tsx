import type { ProductDetail } from '@otc/sdk';
import { productImageUrl } from '../../../lib/product-links';

/** Product structured data (schema.org) as the search engines read it. */
export function productJsonLd(product: ProductDetail, origin: string) {
  const absolute = (src: string) => new URL(productImageUrl(src), origin).toString();
  const images = product.images.length > 0 ? product.images : [product.mainImage];
  const inStock = product.status === null && product.inStock > 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: images.filter(Boolean).map(absolute),
    description: product.description || undefined,
    // The item code shoppers see on the page (OTC-000006), not the database's id.
    sku: product.sku || undefined,
    brand: { '@type': 'Brand', name: product.brand },
    manufacturer: product.manufacturer
      ? { '@type': 'Organization', name: product.manufacturer }
      : undefined,
    category: product.categoryName,
    offers: {
      '@type': 'Offer',
      price: product.price,
      priceCurrency: 'USD',
      // Inactive and discontinued items cannot be ordered either: OutOfStock for them too.
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: origin,
    },
  };
}

/** The JSON-LD script; `<` is escaped so product text cannot close the script element. */
export function ProductJsonLd({ product, url }: { product: ProductDetail; url: string }) {
  const data = productJsonLd(product, new URL(url).origin);
  data.offers.url = url;
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
