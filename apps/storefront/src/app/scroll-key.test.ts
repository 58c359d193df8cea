import type { Location } from 'react-router';
import { scrollKey } from './app-layout';

function at(path: string, key: string): Location {
  const [pathname = '/', search = ''] = path.split(/(?=\?)/);
  return { pathname, search: search, hash: '', state: null, key };
}

describe('scrollKey', () => {
  it('gives pages opened by their address keys of their own (no position carried over)', () => {
    expect(scrollKey(at('/catalog?page=2', 'default'))).not.toBe(scrollKey(at('/account/orders', 'default')));
    expect(scrollKey(at('/account/orders', 'default'))).toBe('default:/account/orders');
  });

  it('keeps the history key of in-app entries (Back restores each entry)', () => {
    expect(scrollKey(at('/catalog', 'a1b2c3'))).toBe('a1b2c3');
  });
});
