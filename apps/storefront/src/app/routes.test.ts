import { STOREFRONT_PAGES, matchStorefrontPath, type StorefrontPage } from '@otc/sdk';
import { pageRoutes } from './routes';

describe('the page table', () => {
  it('is the SDK table the API answers from: same pages, paths and rules, in the same order', () => {
    const flags = (row: Pick<StorefrontPage, 'name' | 'path' | 'auth' | 'digitsId' | 'guestOnly'>) => ({
      name: row.name,
      path: row.path,
      auth: row.auth === true,
      digitsId: row.digitsId === true,
      guestOnly: row.guestOnly === true,
    });
    expect(pageRoutes.map(flags)).toEqual((STOREFRONT_PAGES as readonly StorefrontPage[]).map(flags));
  });

  it('every page path is one the API recognises', () => {
    for (const route of pageRoutes) {
      const path = `/${route.path.replace(':id', '12')}`;
      expect(matchStorefrontPath(path)?.page.name, path).toBe(route.name);
      expect(matchStorefrontPath(`/es${path === '/' ? '' : path}`)?.page.name, path).toBe(route.name);
    }
  });
});
