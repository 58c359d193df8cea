import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../lib/i18n';
import { PrefetchContext } from '../lib/prefetch-context';
import { CartPortContext } from '../lib/cart-port';
import { cartPort } from '../features/cart/cart-port';
import type { AppStore } from '../kernel/store';

export function Providers({
  store,
  prefetch,
  children,
}: {
  store: AppStore;
  prefetch: (path: string) => void;
  children: ReactNode;
}) {
  return (
    <ReduxProvider store={store}>
      <I18nProvider i18n={i18n}>
        <PrefetchContext.Provider value={prefetch}>
          {/* The cart feature's hooks for the header and the catalog (features do not import each other). */}
          <CartPortContext.Provider value={cartPort}>{children}</CartPortContext.Provider>
        </PrefetchContext.Provider>
      </I18nProvider>
    </ReduxProvider>
  );
}
