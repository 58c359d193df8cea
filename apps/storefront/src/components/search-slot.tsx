import { useSearchParams } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { useGetCategoriesQuery } from '../features/catalog/catalog-api';
import { SearchModal } from '../features/search/search-modal';
import { selectSearchOpen } from '../features/ui/ui-slice';
import { useLocale } from '../lib/use-locale';

/**
 * The search modal's place in the layout. Open/close state lives in the UI slice; the modal
 * (form, results, close buttons, `/` shortcut) is the search feature's. The layout composes
 * the catalog's category list into it (features do not import each other).
 */
export function SearchSlot() {
  const open = useAppSelector(selectSearchOpen);
  const locale = useLocale();
  const plan = useSearchParams()[0].get('plan') || undefined;
  const categories = useGetCategoriesQuery({ locale, plan }, { skip: !open });
  return <SearchModal categories={categories.data} categoriesLoading={categories.isLoading} />;
}
