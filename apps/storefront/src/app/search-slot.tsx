import { useSearchParams } from 'react-router';
import { useAppSelector } from '../kernel/hooks';
import { useGetCategoriesQuery } from '../features/catalog/catalog-api';
import { useSearchShortcut } from '../features/search/use-search-shortcut';
import { selectSearchOpen } from '../kernel/ui-slice';
import { deferredModule, useDeferredModule } from '../lib/deferred-module';
import { useLocale } from '../lib/use-locale';
import type * as SearchModalModule from '../features/search/search-modal';

const searchModal = deferredModule<typeof SearchModalModule>(
  () => import('../features/search/search-modal'),
);

/** Loads the search modal's module (once): when the page is idle, or on first open. */
export function loadSearchModal(): Promise<typeof SearchModalModule> {
  return searchModal.load();
}

/**
 * The search modal's place in the layout. Open/close state lives in the UI slice; the modal
 * (form, results, close buttons) is the search feature's, kept out of the first load: its module
 * is fetched once the page is drawn with its data and idle (or at the first open, if sooner) and the modal stays mounted
 * afterwards (the typed text stays for next time). The `/` key works from the start. The layout
 * composes the catalog's category list into it (features do not import each other).
 */
export function SearchSlot() {
  const open = useAppSelector(selectSearchOpen);
  const Modal = useDeferredModule(searchModal, open)?.SearchModal;
  useSearchShortcut();
  const locale = useLocale();
  const plan = useSearchParams()[0].get('plan') || undefined;
  const categories = useGetCategoriesQuery({ locale, plan }, { skip: !open });
  if (!Modal) return null;
  return <Modal categories={categories.data} categoriesLoading={categories.isLoading} />;
}
