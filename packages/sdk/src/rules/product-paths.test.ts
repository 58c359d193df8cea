import { describe, expect, it } from 'vitest';
import { pictureInLanguage, productImagePath, productImageUrl, productPath } from './product-paths.js';

describe('product addresses', () => {
  it.each<[number, string | undefined, string]>([
    [12, undefined, '/item/12'],
    [1, '/item', '/item/1'],
    [7, '/product/', '/product/7'],
    [2147483647, undefined, '/item/2147483647'],
  ])('productPath(%i, %j) -> %j', (id, base, path) => {
    expect(productPath(id, base)).toBe(path);
  });

  it.each([0, -1, 1.5, Number.NaN, 2147483648, '12' as unknown as number])(
    'refuses the id %j',
    (id) => {
      expect(() => productPath(id)).toThrow(/productPath: a product id is an integer/);
      expect(() => productImagePath(id)).toThrow(/productImagePath: a product id/);
    },
  );

  it('refuses a base that is not a same-site path', () => {
    expect(() => productPath(1, 'item')).toThrow(/same-site path/);
    expect(() => productPath(1, '//evil.example')).toThrow(/same-site path/);
  });

  it('builds the picture path the API serves', () => {
    expect(productImagePath(12)).toBe('/api/images/products/12.svg');
  });

  it.each([
    [
      '/api/images/products/12.svg',
      'https://api.shop.example/',
      'https://api.shop.example/api/images/products/12.svg',
    ],
    ['/api/images/products/12.svg', '', '/api/images/products/12.svg'],
    ['https://cdn.example/12.png', 'https://api.shop.example', 'https://cdn.example/12.png'],
    ['//cdn.example/12.png', 'https://api.shop.example', '//cdn.example/12.png'],
  ])('productImageUrl(%j, %j) -> %j', (image, base, url) => {
    expect(productImageUrl(image, base)).toBe(url);
  });

  it('names a drawn picture in Spanish with ?lang=es, and keeps any other image as stored', () => {
    expect(pictureInLanguage('/api/images/products/12.svg', 'es')).toBe('/api/images/products/12.svg?lang=es');
    expect(pictureInLanguage('/api/images/products/12.svg', 'en')).toBe('/api/images/products/12.svg');
    expect(pictureInLanguage('https://cdn.example/12.png', 'es')).toBe('https://cdn.example/12.png');
    expect(pictureInLanguage('/api/images/products/12.svg?lang=es', 'es')).toBe('/api/images/products/12.svg?lang=es');
  });
});
