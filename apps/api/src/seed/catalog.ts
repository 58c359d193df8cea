/**
 * Deterministic product generator: product number i (0-based) is always the same product, so a
 * catalog can be seeded, extended to N products, and reproduced. Each base item and size appears
 * in several brands; past every brand the items come in multi-packs.
 */
import { BRANDS, CATEGORY_DATA, sizeEs, type BaseItem } from './catalog-data.js';

export interface ProductSpec {
  sku: string;
  categorySlug: string;
  nameEn: string;
  nameEs: string;
  descriptionEn: string;
  descriptionEs: string;
  brand: string;
  manufacturer: string;
  priceCents: number;
  stock: number;
  /** null active, 0 inactive, -1 discontinued. */
  status: 0 | -1 | null;
}

interface Combo {
  slug: string;
  item: BaseItem;
  sizeIndex: number;
  size: string;
}

const COMBOS: Combo[] = CATEGORY_DATA.flatMap((category) =>
  category.items.flatMap((item) =>
    item.sizes.map((size, sizeIndex) => ({ slug: category.slug, item, sizeIndex, size })),
  ),
);

/** Each base item and size in three brands: a catalog of about 550 products. */
export const DEFAULT_PRODUCT_COUNT = COMBOS.length * 3;

/** A small deterministic hash of an integer (for stock and status patterns). */
function mix(n: number): number {
  let x = (n + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

function price(cents: number): number {
  // Shelf prices end in 9: 4.99, 12.49...
  return Math.max(99, Math.round(cents / 10) * 10 - 1);
}

export function productSpec(index: number): ProductSpec {
  const comboIndex = index % COMBOS.length;
  const combo = COMBOS[comboIndex]!;
  const round = Math.floor(index / COMBOS.length);
  const brandIndex = (round + comboIndex) % BRANDS.length;
  const pack = Math.floor(round / BRANDS.length) + 1;
  const [brand, manufacturer] = BRANDS[brandIndex]!;
  const { item, size } = combo;
  const packEn = pack > 1 ? `, pack of ${pack}` : '';
  const packEs = pack > 1 ? `, paquete de ${pack}` : '';
  const nameEn = `${brand} ${item.en}, ${size}${packEn}`;
  const nameEs = `${brand} ${item.es}, ${sizeEs(size)}${packEs}`;
  const h = mix(index);
  const cents = item.priceCents * (1 + 0.8 * combo.sizeIndex) * (0.85 + (brandIndex % 5) * 0.07) * pack;
  // About 1 in 14 out of stock, 1 in 40 inactive, 1 in 60 discontinued.
  const stock = h % 14 === 0 ? 0 : 5 + (h % 196);
  const status = h % 40 === 1 ? 0 : h % 60 === 2 ? -1 : null;
  return {
    sku: `OTC-${String(index + 1).padStart(6, '0')}`,
    categorySlug: combo.slug,
    nameEn,
    nameEs,
    descriptionEn: `${item.useEn} ${brand} ${item.en.charAt(0).toLowerCase()}${item.en.slice(1)}, ${size}${packEn}. Use only as directed.`,
    descriptionEs: `${item.useEs} ${brand} ${item.es.charAt(0).toLowerCase()}${item.es.slice(1)}, ${sizeEs(size)}${packEs}. Úselo solo según las indicaciones.`,
    brand,
    manufacturer,
    priceCents: price(cents),
    stock,
    status,
  };
}
